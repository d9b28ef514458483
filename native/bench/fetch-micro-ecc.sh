#!/bin/sh
# Fetch micro-ecc (the benchmark peer, DESIGN.md §8) from the crates.io package micro-ecc-sys
# and print the directory holding uECC.c. Never committed: cached under native/build/peers/.
# Cargo is the ordinary client for crates.io, so a throwaway manifest + `cargo fetch` does it.
set -eu
VERSION=0.3.2
here=$(cd "$(dirname "$0")/.." && pwd)
peers="$here/build/peers"
dest="$peers/micro-ecc-sys-$VERSION"
if [ -f "$dest/micro-ecc/uECC.c" ]; then echo "$dest/micro-ecc"; exit 0; fi
# rustup installs cargo under ~/.cargo/bin, which a non-login shell may not have on PATH.
command -v cargo >/dev/null 2>&1 || PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
command -v cargo >/dev/null 2>&1 || { echo "fetch-micro-ecc: cargo is needed to fetch micro-ecc-sys from crates.io" >&2; exit 1; }
proj="$peers/fetch-project"
mkdir -p "$proj/src"
cat > "$proj/Cargo.toml" <<TOML
[package]
name = "fetch-micro-ecc"
version = "0.0.0"
edition = "2021"
publish = false
[dependencies]
micro-ecc-sys = "=$VERSION"
[workspace]
TOML
: > "$proj/src/lib.rs"
CARGO_HOME=${CARGO_HOME:-$HOME/.cargo}
( cd "$proj" && cargo fetch -q ) >&2
src=$(ls -d "$CARGO_HOME"/registry/src/*/micro-ecc-sys-$VERSION 2>/dev/null | head -1)
[ -n "$src" ] && [ -f "$src/micro-ecc/uECC.c" ] || {
  # cargo fetch keeps the .crate; unpack it ourselves when the src tree is absent.
  crate=$(ls "$CARGO_HOME"/registry/cache/*/micro-ecc-sys-$VERSION.crate 2>/dev/null | head -1)
  [ -n "$crate" ] || { echo "fetch-micro-ecc: micro-ecc-sys-$VERSION not found after cargo fetch" >&2; exit 1; }
  tmp="$peers/unpack"; rm -rf "$tmp"; mkdir -p "$tmp"; tar -xzf "$crate" -C "$tmp"
  src="$tmp/micro-ecc-sys-$VERSION"
}
rm -rf "$dest"; mkdir -p "$peers"; cp -R "$src" "$dest"
echo "$dest/micro-ecc"
