#!/usr/bin/env bash
# Debian programs FinRAG runs, installed with apt when missing (never downloaded otherwise):
#   tesseract  OCR for scanned pages and text layers without a Unicode map (setup: ingest uses it)
#   chromium   headless browser of the UI tests (test only)
# Usage: ensure-system-tools.sh tesseract [chromium]
set -euo pipefail
declare -A PACKAGES=([tesseract]="tesseract-ocr tesseract-ocr-eng" [chromium]="chromium")
declare -A WITHOUT=([tesseract]="scanned pages will be listed as unreadable instead of read by OCR"
                    [chromium]="UI tests will be skipped")
missing=()
for tool in "$@"; do
  command -v "$tool" >/dev/null || missing+=("$tool")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  packages=""
  for tool in "${missing[@]}"; do packages+=" ${PACKAGES[$tool]}"; done
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $packages >/dev/null
else
  for tool in "${missing[@]}"; do
    echo "$tool not installed and cannot apt-get it: ${WITHOUT[$tool]}" >&2
  done
fi
