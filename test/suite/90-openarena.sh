# SPDX-License-Identifier: MIT
# Sourced by test/run.sh (shares its variables and pass/fail/skip/run_prog).
# ---- Quake 3 maps of Debian's openarena-data, when installed -------------
run_prog openarena sh test/openarena.sh
