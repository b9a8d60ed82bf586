#!/usr/bin/env bash
# Rebuilds public/fonts/playfair-display-600-ro.woff2 (committed; not run by CI): Playfair Display
# 600 (SIL OFL) from @fontsource, latin + latin-ext merged and cut down to ASCII, Romanian
# diacritics (ă â î ș ț, with the cedilla variants) and typographic punctuation: one ~13.7 KB file.
# Of the font's ligatures only fi and fl are kept (ff, ffi, fb, fh, fj, fk… are rare in Romanian),
# and its lining figures (lnum, which the headings ask for): the file, with its response headers,
# then fits in a connection's first round trip (10 TCP segments, 14,600 bytes). At 14,810 bytes it
# took a second round trip on a slow phone link: Lighthouse's simulated slow 4G put the LCP of the
# catalogue pages at 990-1,002 ms because of it (tests/unit/font-size.test.ts keeps the limit).
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
# The glyphs that features lead to are listed, not followed (layout_closure off): fi, fl and the
# lining figures.
merged = TTFont(f"{work}/merged.ttf")
gsub = merged["GSUB"].table
lnum = {i for record in gsub.FeatureList.FeatureRecord if record.FeatureTag == "lnum" for i in record.Feature.LookupListIndex}
digits = {"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"}
extra = set()
for i, lookup in enumerate(gsub.LookupList.Lookup):
    for table in lookup.SubTable:
        table = table.ExtSubTable if lookup.LookupType == 7 else table
        for first, ligatures in getattr(table, "ligatures", {}).items():
            extra.update(l.LigGlyph for l in ligatures if first == "f" and list(l.Component) in (["i"], ["l"]))
        if i in lnum:
            extra.update(v for k, v in getattr(table, "mapping", {}).items() if k in digits)
options = subset.Options()
options.flavor = "woff2"
options.layout_features = ["kern", "liga", "lnum"]
options.layout_closure = False
options.name_IDs = ["*"]
options.notdef_outline = True
font = subset.load_font(f"{work}/merged.ttf", options)
subsetter = subset.Subsetter(options)
subsetter.populate(
    text="".join(chr(c) for c in range(0x20, 0x7F)) + "ăâîșțĂÂÎȘȚşţŞŢ–—‘’“”„…€·«»éèáóúüöäçÉ©®°×",
    glyphs=sorted(extra),
)
subsetter.subset(font)
subset.save_font(font, target, options)
PY
ls -l public/fonts/playfair-display-600-ro.woff2
