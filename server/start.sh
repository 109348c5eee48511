#!/bin/sh
# What `npm start` runs once the build is there: the web server (server/index.mjs) with the process
# settings that must be in place before Node starts. `exec`, so the server keeps this process's id
# and gets the signals itself (graceful shutdown on SIGTERM); bench/run.mjs reads its RSS by that id.
#
#   sh server/start.sh build/index.js
#   NODE   the node binary (default: node on PATH)
#
# MALLOC_MMAP_THRESHOLD_ (glibc; ADR 031): allocations of 32 KiB and more get their own mapping,
# returned to the system when freed. V8 compiles PGlite's hot WebAssembly functions with TurboFan
# in background threads, in 32 KiB zone segments, 100 MiB and more at a time; with glibc's default
# (a threshold that rises to 32 MiB) those segments stay in the threads' malloc arenas once freed:
# 50-110 MiB of the idle server's RSS. Set it yourself to override (not empty: 0 would map every
# allocation). No effect outside glibc (musl, macOS).
: "${MALLOC_MMAP_THRESHOLD_:=32768}"
export MALLOC_MMAP_THRESHOLD_
#
# --heap-growing-percent=50 (V8; ADR 031, amendment): after each full collection the old generation
# may grow to 1.5 times what survived before the next one. V8's own factor goes up to 4 on a machine
# with several GiB of memory: with ~75 MiB live the heap grew to 300-700 MiB of garbage between
# collections under load (RSS 460-610 MiB). Unlike --max-old-space-size it sets no ceiling, so a
# larger live set still fits. Costs about 5% of the requests per second (bench/README.md).
#
# --max-semi-space-size=8 (V8; ADR 031, second amendment): the young generation at most 2 × 8 MiB.
# V8 grows it to 2 × 16 MiB under load and keeps it, though a few MiB of it survive a scavenge:
# 16-20 MiB of the idle server's RSS. Side by side it cost no measurable requests per second on
# pages (list pages about a tenth more CPU each); 4 MiB cost a fifth of `/`.
exec "${NODE:-node}" --heap-growing-percent=50 --max-semi-space-size=8 server/index.mjs "$@"
