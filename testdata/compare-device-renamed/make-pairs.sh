#!/usr/bin/env bash
# Makes testdata/compare-device-renamed and testdata/compare-device-swapped from the two blkgen
# seeds of testdata/compare-blkgen-two-seeds (one workload, no significant change): the first 2500
# event lines of each blkparse.txt with the device number rewritten, and an lsblk -J beside each
# (util-linux 2.37's layout for `lsblk -J -o NAME,KNAME,MAJ:MIN,TYPE,WWN,SERIAL,MOUNTPOINT`).
#   renamed: before sdc (8,32), after sdf (8,80), the same WWN and serial (a re-scan renamed it)
#   swapped: sdc (8,32) on both sides, another WWN and serial after (another disk under the name)
#   testdata/compare-device-renamed/make-pairs.sh
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
src=$here/compare-blkgen-two-seeds

side() { # DIR SEED-SIDE MAJ MIN NAME WWN SERIAL
    local dir=$1 from=$2 maj=$3 min=$4 name=$5 wwn=$6 serial=$7
    mkdir -p "$dir"
    # blkparse prints the device as "%3d,%-3d"
    awk -v dev="$(printf '%3s,%-3s' "$maj" "$min")" '/^  8,0   / && n < 2500 { print dev substr($0, 8); n++ }' \
        "$src/$from/blkparse.txt" > "$dir/blkparse.txt"
    cat > "$dir/lsblk.json" <<JSON
{
   "blockdevices": [
      {
         "name": "sda",
         "kname": "sda",
         "maj:min": "8:0",
         "type": "disk",
         "wwn": "0x5002538e40a1f0c2",
         "serial": "S3Z9NB0K123456",
         "mountpoint": null,
         "children": [
            {
               "name": "sda1",
               "kname": "sda1",
               "maj:min": "8:1",
               "type": "part",
               "wwn": "0x5002538e40a1f0c2",
               "serial": null,
               "mountpoint": "/"
            }
         ]
      },
      {
         "name": "$name",
         "kname": "$name",
         "maj:min": "$maj:$min",
         "type": "disk",
         "wwn": "$wwn",
         "serial": "$serial",
         "mountpoint": "/data"
      }
   ]
}
JSON
}

renamed=$here/compare-device-renamed
swapped=$here/compare-device-swapped
side "$renamed/before" before 8 32 sdc 0x5000c500a1b2c3d4 ZA1B2C3D
side "$renamed/after" after 8 80 sdf 0x5000c500a1b2c3d4 ZA1B2C3D
side "$swapped/before" before 8 32 sdc 0x5000c500a1b2c3d4 ZA1B2C3D
side "$swapped/after" after 8 32 sdc 0x5000c500e5f60718 ZA9Y8X7W
