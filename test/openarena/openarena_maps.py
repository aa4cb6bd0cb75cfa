# SPDX-License-Identifier: MIT
"""Extract the .bsp files of Debian's openarena-data (.pk3 zips under
OA/*/) into OUT, once: openarena_maps.py OA OUT. test/openarena/openarena.sh and the
pictures part (test/suite/47-pictures.sh) read them from there."""
import glob
import os
import sys
import zipfile

oa, out = sys.argv[1], sys.argv[2]
for pk3 in sorted(glob.glob(os.path.join(oa, "*", "*.pk3"))):
    with zipfile.ZipFile(pk3) as z:
        for name in z.namelist():
            if name.lower().endswith(".bsp"):
                dest = os.path.join(out, os.path.basename(name))
                if not os.path.exists(dest):
                    with open(dest, "wb") as f:
                        f.write(z.read(name))
