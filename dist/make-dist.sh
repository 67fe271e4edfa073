#!/usr/bin/env bash
# Builds a self-contained ioverdict: a jlink'ed Java runtime, the jar and a launcher, packed as
# target/ioverdict-linux-<arch>.tar.gz. The target machine needs no JDK: unpack, then run
# ioverdict/bin/ioverdict report BUNDLE. Needs a JDK >= 21 with jlink here (JAVA_HOME, or one
# under /usr/lib/jvm).
#   dist/make-dist.sh
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

find_jdk() {
    local c v
    for c in ${JAVA_HOME:+"$JAVA_HOME"} /usr/lib/jvm/*; do
        [ -x "$c/bin/jlink" ] && [ -f "$c/release" ] || continue
        v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$c/release")
        if [ -n "$v" ] && [ "$v" -ge 21 ]; then echo "$c"; return 0; fi
    done
    return 1
}
jdk=$(find_jdk) || { echo "make-dist: needs a JDK >= 21 with jlink (set JAVA_HOME)" >&2; exit 2; }

# the jar is built unless it is newer than every source (as after 'mvnw verify' in CI)
jar="$root/target/ioverdict.jar"
if [ ! -f "$jar" ] || [ -n "$(find "$root/src/main" "$root/templates" "$root/pom.xml" -newer "$jar" -type f -print -quit)" ]; then
    (cd "$root" && ./mvnw -q -B -DskipTests package)
fi

# The modules the jar uses (jdeps --print-module-deps), plus what the libraries load by name:
# XML for the templates and PDF, desktop for fonts and images in the PDF, zipfs for archives.
modules=java.base,java.desktop,java.xml,java.logging,java.management,java.naming,java.sql,jdk.zipfs,jdk.unsupported
out="$root/target/dist/ioverdict"
rm -rf "$root/target/dist"
mkdir -p "$out/bin" "$out/lib"
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
    --compress=zip-6 --output "$out/runtime"
cp "$root/target/ioverdict.jar" "$out/lib/"
# the case archive's DuckDB library of this platform only (its jar carries four platforms', ~80 MB packed)
case "$(uname -m)" in
    x86_64|amd64) platform=linux_amd64 ;;
    aarch64|arm64) platform=linux_arm64 ;;
    *) platform= ;;
esac
if [ -n "$platform" ]; then
    "$jdk/bin/java" "$root/dist/StripNatives.java" "$out/lib/ioverdict.jar" "$platform"
fi
# its own README, whose commands run from the unpacked folder (dist/check-dist.sh runs them), and
# the two captures they use, each with how it was recorded
cp "$root/dist/README.md" "$out/"
for sample in xfs-unaligned-512b iostat-linux-saturated; do
    mkdir -p "$out/samples/$sample"
    cp -r "$root/testdata/$sample/bundle" "$out/samples/$sample/bundle"
    cp "$root/testdata/$sample/README.md" "$out/samples/$sample/"
done
# Start-up: on Java >= 25 the archive ships an AOT cache made here, by this runtime, on a report of a
# bundled sample, from a jar whose pre-Java-6 class files are rewritten so that the cache can hold
# them (src/build/ModernClassFiles.java; the ./ioverdict launcher of the source tree does the same).
# The JVM checks the cache against the jar and runtime and runs without it when they differ.
major=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$jdk/release")
if [ "$major" -ge 25 ]; then
    if "$jdk/bin/java" "$root/src/build/ModernClassFiles.java" "$out/lib/ioverdict.jar" "$out/lib/modern.jar" > /dev/null; then
        mv "$out/lib/modern.jar" "$out/lib/ioverdict.jar"
    fi
    scratch=$(mktemp -d)
    "$out/runtime/bin/java" -XX:AOTCacheOutput="$out/lib/ioverdict.aot" -XX:+UnlockDiagnosticVMOptions \
        -XX:-AOTRecordTraining -Xlog:aot=off -Xlog:cds=off -Djava.awt.headless=true -jar "$out/lib/ioverdict.jar" \
        report "$out/samples/xfs-unaligned-512b/bundle" -o "$scratch" --format json,html,pdf > /dev/null 2>&1 \
        || rm -f "$out/lib/ioverdict.aot"
    rm -rf "$scratch"
    # and the light one for inspect and --version, trained on inspect alone (the launcher says why)
    "$out/runtime/bin/java" -XX:AOTCacheOutput="$out/lib/ioverdict-inspect.aot" -XX:+UnlockDiagnosticVMOptions \
        -XX:-AOTRecordTraining -Xlog:aot=off -Xlog:cds=off -Djava.awt.headless=true -jar "$out/lib/ioverdict.jar" \
        inspect "$out/samples/xfs-unaligned-512b/bundle" > /dev/null 2>&1 \
        || rm -f "$out/lib/ioverdict-inspect.aot"
fi
cat > "$out/bin/ioverdict" <<'SH'
#!/bin/sh
# ioverdict, self-contained: runs the Java runtime shipped beside it. JAVA_OPTS goes to the JVM.
here=$(cd "$(dirname "$0")/.." && pwd)
# A single case stays within 2 GB of heap (the ./ioverdict launcher of the source tree says why);
# batch, which runs cases side by side, keeps the JVM's default; JAVA_OPTS with a heap size wins.
heap=
command=
for a in "$@"; do case "$a" in -*) ;; *) command=$a; break ;; esac; done
case " ${JAVA_OPTS:-} " in
    *" -Xmx"*|*MaxHeapSize*|*MaxRAM*) ;;
    *) if [ "$command" != batch ] && [ -r /proc/meminfo ]; then
           while read -r key kb _; do
               if [ "$key" = MemTotal: ]; then [ $((kb / 4 / 1024)) -gt 2048 ] && heap=-Xmx2g; break; fi
           done < /proc/meminfo
       fi ;;
esac
# the class archive made with this runtime and jar by make-dist.sh: a good part off each start;
# inspect and --version take the smaller one trained on inspect (the JVM loads all of a cache's classes)
cache=$here/lib/ioverdict.aot
case "$command" in
    inspect|"") [ -f "$here/lib/ioverdict-inspect.aot" ] && cache=$here/lib/ioverdict-inspect.aot ;;
esac
if [ -f "$cache" ]; then
    # shellcheck disable=SC2086
    exec "$here/runtime/bin/java" "-XX:AOTCache=$cache" -Xlog:aot=off -Xlog:cds=off $heap \
        -Djava.awt.headless=true ${JAVA_OPTS:-} -jar "$here/lib/ioverdict.jar" "$@"
fi
# shellcheck disable=SC2086
exec "$here/runtime/bin/java" $heap -Djava.awt.headless=true ${JAVA_OPTS:-} -jar "$here/lib/ioverdict.jar" "$@"
SH
chmod +x "$out/bin/ioverdict"
arch=$(uname -m)
tar -C "$root/target/dist" -czf "$root/target/ioverdict-linux-$arch.tar.gz" ioverdict
echo "wrote $root/target/ioverdict-linux-$arch.tar.gz ($(du -h "$root/target/ioverdict-linux-$arch.tar.gz" | cut -f1))"
