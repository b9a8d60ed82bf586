#!/usr/bin/env bash
# Rebuilds public/fonts/playfair-display-600-ro.woff2 (committed; not run by CI): Playfair Display
# 600 (SIL OFL) from @fontsource, latin + latin-ext merged and cut down to ASCII, Romanian
# diacritics (ă â î ș ț, with the cedilla variants) and typographic punctuation: one ~15 KB file.
# Needs Debian's python3-fonttools and python3-brotli.
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent @fontsource/playfair-display@5.3.0 >/dev/null && tar xzf fontsource-playfair-display-5.3.0.tgz)
/usr/bin/python3 - "$work" "$(pwd)/public/fonts/playfair-display-600-ro.woff2" <<'PY'
import sys
from fontTools.ttLib import TTFont
from fontTools.merge import Merger
from fontTools import subset
work, target = sys.argv[1], sys.argv[2]
parts = []
for sub in ("latin", "latin-ext"):
    font = TTFont(f"{work}/package/files/playfair-display-{sub}-600-normal.woff2")
    font.flavor = None
    font.save(f"{work}/{sub}.ttf")
    parts.append(f"{work}/{sub}.ttf")
Merger().merge(parts).save(f"{work}/merged.ttf")
options = subset.Options()
options.flavor = "woff2"
options.layout_features = ["kern", "liga", "lnum"]
options.name_IDs = ["*"]
options.notdef_outline = True
font = subset.load_font(f"{work}/merged.ttf", options)
subsetter = subset.Subsetter(options)
subsetter.populate(text="".join(chr(c) for c in range(0x20, 0x7F)) + "ăâîșțĂÂÎȘȚşţŞŢ–—‘’“”„…€·«»éèáóúüöäçÉ©®°×")
subsetter.subset(font)
subset.save_font(font, target, options)
PY
ls -l public/fonts/playfair-display-600-ro.woff2
