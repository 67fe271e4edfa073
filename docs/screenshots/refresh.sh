#!/usr/bin/env bash
# Re-makes every picture in docs/screenshots from the jar, on the README's quick-start bundle:
# the HTML report in headless Chromium at 1280 and at a true 390 px, its first finding with its
# chart, the PDF's first three pages (pdftoppm) and an overview of its first eight pages.
#   docs/screenshots/refresh.sh            (needs chromium and poppler-utils; about a minute)
# Each page is shown in an iframe of exactly the stated width: a headless window has a minimum
# width of its own, an iframe does not, so "390 px" is what a phone's viewport gives the page.
set -euo pipefail
cd "$(dirname "$0")/../.."
shots=docs/screenshots
bundle=testdata/xfs-unaligned-512b/bundle
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

./ioverdict report "$bundle" -o "$work/r" --format html,pdf --quiet

shoot() { # shoot NAME WIDTH HEIGHT SRC
    local name=$1 width=$2 height=$3 src=$4
    printf '<!DOCTYPE html><html><body style="margin:0;overflow:hidden"><iframe src="%s" style="border:0;width:%spx;height:%spx"></iframe></body></html>\n' \
        "$src" "$width" "$height" > "$work/frame-$name.html"
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --disable-sync \
        --disable-background-networking --disable-component-update --allow-file-access-from-files \
        --user-data-dir="$work/profile" --force-device-scale-factor=1 --window-size="$width,$height" \
        --virtual-time-budget=5000 --screenshot="$shots/$name.png" "file://$work/frame-$name.html" 2>/dev/null
}

shoot html-1280 1280 2400 r/report.html
shoot html-390 390 3200 r/report.html
shoot finding-chart 1280 1100 'r/report.html#finding-1'

pdftoppm -png -r 80 -f 1 -l 8 "$work/r/report.pdf" "$work/pdf"
pages=("$work"/pdf-*.png)
for i in 1 2 3; do
    cp "$(printf '%s\n' "${pages[@]}" | sed -n "${i}p")" "$shots/pdf-page-$i.png"
done
{
    printf '<!DOCTYPE html><html><body style="margin:0;background:#888;display:flex;flex-wrap:wrap;gap:12px;padding:12px">'
    for p in "${pages[@]}"; do
        printf '<img src="%s" style="width:300px;box-shadow:0 1px 4px #333"/>' "$(basename "$p")"
    done
    printf '</body></html>\n'
} > "$work/pages.html"
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$work/profile" \
    --allow-file-access-from-files --force-device-scale-factor=1 --window-size=1296,900 \
    --screenshot="$shots/pdf-pages.png" "file://$work/pages.html" 2>/dev/null

ls -l "$shots"/*.png
