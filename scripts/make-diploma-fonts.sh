#!/usr/bin/env bash
# Rebuilds app/assets/fonts/*.ttf (committed; not run by CI): the DejaVu fonts used by the diploma
# PDF (app/services/diploma-pdf.server.ts), cut down to the Latin script so that any student name
# written in Latin letters prints, Romanian ș ț ă â î included: Basic Latin, Latin-1, Latin
# Extended-A/B and Additional, combining marks, general punctuation. Licence: LICENSE-dejavu.txt.
# Needs Debian's fonts-dejavu-core (+ fonts-dejavu-extra for Serif Italic) and python3-fonttools.
set -euo pipefail
out=app/assets/fonts
mkdir -p "$out"
for name in DejaVuSerif DejaVuSerif-Bold DejaVuSerif-Italic DejaVuSans DejaVuSans-Bold; do
  /usr/bin/python3 -m fontTools.subset "/usr/share/fonts/truetype/dejavu/$name.ttf" \
    --unicodes="U+0020-007E,U+00A0-024F,U+0259,U+02BB-02BC,U+02C6-02DD,U+0300-036F,U+1E00-1EFF,U+2010-2027,U+2030-203A,U+20AC,U+2116,U+2122,U+25CF" \
    --layout-features='kern,liga,ccmp,mark,mkmk,locl' --no-hinting --desubroutinize \
    --output-file="$out/$name.ttf"
done
ls -l "$out"
