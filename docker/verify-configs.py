#!/usr/bin/env python3
"""Mounts the balancer's `configs:` for docker/verify-fleet.sh: podman-compose (1.6) mounts none.

    verify-configs.py CONFIG.yaml FOLDER

CONFIG.yaml is what `podman-compose config` writes (the compose file as Compose reads it, `$$`
already `$`). Each config of the balancer is written to FOLDER, and FOLDER/compose.verify.yaml
mounts it read-only at its target: a second compose file for the run. Exits 1 if the balancer
has none.
"""
import sys

import yaml

config_path, folder = sys.argv[1], sys.argv[2]
config = yaml.safe_load(open(config_path))
mounts = []
for entry in config["services"]["balancer"].get("configs", []):
    path = f"{folder}/config-{entry['source']}"
    with open(path, "w") as file:
        file.write(config["configs"][entry["source"]]["content"])
    mounts.append(f"{path}:{entry['target']}:ro")
if not mounts:
    sys.exit("the balancer has no configs")
with open(f"{folder}/compose.verify.yaml", "w") as file:
    yaml.safe_dump({"services": {"balancer": {"volumes": mounts}}}, file)
