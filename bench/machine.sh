#!/usr/bin/env bash
# Prints one line saying what a benchmark ran on: the CPU, its cores, the
# vector instruction sets the sequence engine can use (AVX-512 with the
# pair scan's extensions, AVX2, NEON) and the load average at the start
# (above half the cores, other work shared the machine). The bench scripts
# print it above their tables:  bench/machine.sh
model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
family=$(sed -n 's/^cpu family[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1)
flags=" $(sed -n 's/^\(flags\|Features\)[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1) "
isa=()
for f in avx512bw:AVX-512BW avx512vbmi:VBMI avx512_vbmi2:VBMI2 avx512_vpopcntdq:VPOPCNTDQ avx2:AVX2 asimd:NEON; do
    [[ "$flags" == *" ${f%%:*} "* ]] && isa+=("${f#*:}")
done
cores=$(nproc 2>/dev/null || echo '?')
load=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
echo "# machine: $(uname -m) ${model:-?}${family:+ (family $family)}; $cores cores; ISA: ${isa[*]:-no AVX2/AVX-512/NEON}; load average $load at the start"
