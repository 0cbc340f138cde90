#!/usr/bin/env bash
# A stand-in for docker.io/library/node:20-bookworm-slim built from Debian's packages and this machine's Node 20
# (issue 27, decision 123). For a machine that reaches Debian's mirror and the npm registry but no container
# registry: the Containerfile's base image cannot be pulled there, so this makes one with the same shape — Debian
# bookworm, `node`, `npm` and `npx` on the PATH, and the user `node` (uid/gid 1000, home /home/node) that the
# Containerfile switches to — and imports it as a local image.
#
#   deploy/base-image.sh [IMAGE]          # default IMAGE: localhost/reef-node:20-bookworm
#
# Then build Reef on it:  podman build --build-arg NODE_IMAGE=localhost/reef-node:20-bookworm -f deploy/Containerfile .
# Needs root, `debootstrap` and `podman` (apt-get install -y debootstrap podman), and Node 20 installed on the host.
# Environment: DEBIAN_MIRROR (default http://deb.debian.org/debian), PODMAN (the podman command, with its options).
set -euo pipefail

IMAGE=${1:-localhost/reef-node:20-bookworm}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
PODMAN=${PODMAN:-podman}

node_bin=$(command -v node)
node_major=$("$node_bin" -p 'process.versions.node.split(".")[0]')
if [ "$node_major" != 20 ]; then
  echo "base-image.sh: the host's node is $("$node_bin" --version); the image is meant to hold Node 20" >&2
  exit 1
fi
# npm's own folder beside the node binary's prefix (/usr/lib/node_modules/npm for Debian-style installs).
npm_dir=$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)

work=$(mktemp -d /var/tmp/reef-base.XXXXXX)
trap 'rm -rf "$work"' EXIT
root=$work/rootfs

# minbase: only the Essential packages and apt, as Debian's own slim images.
debootstrap --variant=minbase bookworm "$root" "$MIRROR" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}

# The node binary links only to glibc, libstdc++ and libgcc, which bookworm's minbase holds (checked here rather than
# trusted: a host on another Debian release would give a node that does not start in the image).
install -m 0755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" /usr/local/bin/node --version >/dev/null
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

# What a slim image leaves out: package lists and caches, documentation, manuals, translations.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/* "$root"/var/cache/debconf/*-old \
  "$root"/usr/share/doc/* "$root"/usr/share/man/* "$root"/usr/share/info/* "$root"/var/log/*.log
find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 ! -name locale.alias -exec rm -rf {} +

tar --numeric-owner -C "$root" -c . |
  $PODMAN import \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'ENV NODE_VERSION='"$("$node_bin" -p process.versions.node)" \
    --change 'CMD ["node"]' \
    - "$IMAGE" >/dev/null
echo "$IMAGE: Debian bookworm (debootstrap minbase) with Node $("$node_bin" --version) and npm $(npm --version)"
