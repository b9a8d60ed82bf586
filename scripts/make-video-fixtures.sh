#!/usr/bin/env bash
# Regenerates the small videos in tests/fixtures/video/ (committed; not run by CI) that the
# duration parser's unit tests read (tests/unit/video-duration.test.ts). Needs Debian's ffmpeg:
#   apt-get install -y --no-install-recommends ffmpeg && bash scripts/make-video-fixtures.sh
# Each is 3.2 s of a 64×36 colour card at 10 fps, a few KB.
set -euo pipefail
out="$(dirname "$0")/../tests/fixtures/video"
mkdir -p "$out"
src=(-f lavfi -i "color=c=0xb8325a:s=64x36:r=10:d=3.2")
ff() { ffmpeg -y -loglevel error -bitexact "${src[@]}" "$@"; }
# WebM (VP8): Info/Duration as written after the encode.
ff -c:v libvpx -b:v 20k "$out/durata.webm"
# Matroska (MPEG-4 part 2).
ff -c:v mpeg4 -q:v 20 "$out/durata.mkv"
# QuickTime as ffmpeg writes it by default: moov after mdat.
ff -c:v mpeg4 -q:v 20 "$out/durata.mov"
# Fragmented MP4 without mehd: mvhd counts only the first fragment (1 s), the length is unknown.
ff -c:v mpeg4 -q:v 20 -movflags frag_keyframe -frag_duration 1000000 "$out/durata-fragmentat.mp4"
# WebM written as a stream (no seeking back): unknown-size Segment, no Duration (like a
# browser's MediaRecorder).
ff -c:v libvpx -b:v 20k -f webm pipe:1 > "$out/durata-flux.webm"
ls -l "$out"
