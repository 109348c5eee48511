#!/bin/sh
# What `npm start` runs once the build is there: the web server (server/index.mjs) with the process
# settings that must be in place before Node starts. `exec`, so the server keeps this process's id
# and gets the signals itself (graceful shutdown on SIGTERM); bench/run.mjs reads its RSS by that id.
#
#   sh server/start.sh build/index.js
#   NODE   the node binary (default: node on PATH)
exec "${NODE:-node}" server/index.mjs "$@"
