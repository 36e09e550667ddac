/*
 * Copyright (c) 2026, the Jaguar authors.
 * SPDX-License-Identifier: GPL-2.0-only WITH Classpath-exception-2.0
 */

/*
 * The native half of the raw byte fuzzing campaign (doc/code-mappings.md, "Raw bytes"): for each
 * template the Java verifier accepted, what an independent decoder (capstone) and the CPU say.
 *
 * stdin, one template per line:   <hex bytes> <input register mask>
 * stdout, one line per template:   len=<l1,l2,...> read=<m> write=<m> base=<m> index=<m> flagsin=<0|1> changed=<m> run=<status>
 *
 * Masks are by register number (rax=0 ... r15=15). read/write are capstone's registers accessed
 * (implicit ones included) as general-purpose registers, base/index those its memory operands use,
 * flagsin whether an instruction reads the flags before any instruction of the template sets them.
 * changed is what the bytes did to the registers when run: every register but rsp holds a
 * sentinel before (declared inputs hold a pointer to the middle of a 1 MiB scratch area inside a
 * 4 GiB guard reservation, or 8 where capstone names them as an index), and changed has a bit for
 * each that differs after. The bytes run in a forked
 * child, so a fault cannot stop the harness: run=ok, or fault:<signal> (a memory fault: the scratch
 * page did not cover the access, which is External Objects' business, not the register
 * contract), crash:<signal> (anything else) or timeout.
 */
#define _GNU_SOURCE
#include <capstone/capstone.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_CODE 64
#define SCRATCH_SIZE (1 << 20)

static const char *GPR_NAMES[16][5] = {
    {"rax", "eax", "ax", "al", "ah"},     {"rcx", "ecx", "cx", "cl", "ch"},
    {"rdx", "edx", "dx", "dl", "dh"},     {"rbx", "ebx", "bx", "bl", "bh"},
    {"rsp", "esp", "sp", "spl", NULL},    {"rbp", "ebp", "bp", "bpl", NULL},
    {"rsi", "esi", "si", "sil", NULL},    {"rdi", "edi", "di", "dil", NULL},
    {"r8", "r8d", "r8w", "r8b", NULL},    {"r9", "r9d", "r9w", "r9b", NULL},
    {"r10", "r10d", "r10w", "r10b", NULL}, {"r11", "r11d", "r11w", "r11b", NULL},
    {"r12", "r12d", "r12w", "r12b", NULL}, {"r13", "r13d", "r13w", "r13b", NULL},
    {"r14", "r14d", "r14w", "r14b", NULL}, {"r15", "r15d", "r15w", "r15b", NULL},
};

/* The general-purpose register number of a capstone register, or -1 (flags, rip, vectors...). */
static int gpr(csh cs, unsigned reg) {
    const char *name = cs_reg_name(cs, reg);
    if (name == NULL) {
        return -1;
    }
    for (int r = 0; r < 16; r++) {
        for (int k = 0; k < 5 && GPR_NAMES[r][k] != NULL; k++) {
            if (strcmp(name, GPR_NAMES[r][k]) == 0) {
                return r;
            }
        }
    }
    return -1;
}

static int hex_value(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Emits the page: save callee-saved, load all registers, the bytes, store all registers, restore. */
static size_t build_runner(uint8_t *p, const uint8_t *code, size_t n, uint64_t *in, uint64_t *out) {
    size_t at = 0;
    static const int saved[] = {3, 5, 12, 13, 14, 15};
    for (int k = 0; k < 6; k++) {
        if (saved[k] >= 8) p[at++] = 0x41;
        p[at++] = 0x50 + (saved[k] & 7);
    }
    p[at++] = 0x48; p[at++] = 0xB8; memcpy(p + at, &in, 8); at += 8;          /* movabs rax, in */
    for (int r = 1; r < 16; r++) {
        if (r == 4) continue;
        p[at++] = 0x48 | (r >= 8 ? 4 : 0); p[at++] = 0x8B;                    /* mov r, [rax + 8r] */
        p[at++] = 0x40 | (r & 7) << 3; p[at++] = (uint8_t) (8 * r);
    }
    p[at++] = 0x48; p[at++] = 0x8B; p[at++] = 0x00;                           /* mov rax, [rax] */
    memcpy(p + at, code, n); at += n;
    p[at++] = 0x50;                                                           /* push rax */
    p[at++] = 0x48; p[at++] = 0xB8; memcpy(p + at, &out, 8); at += 8;         /* movabs rax, out */
    for (int r = 1; r < 16; r++) {
        if (r == 4) continue;
        p[at++] = 0x48 | (r >= 8 ? 4 : 0); p[at++] = 0x89;                    /* mov [rax + 8r], r */
        p[at++] = 0x40 | (r & 7) << 3; p[at++] = (uint8_t) (8 * r);
    }
    p[at++] = 0x59;                                                           /* pop rcx */
    p[at++] = 0x48; p[at++] = 0x89; p[at++] = 0x08;                           /* mov [rax], rcx */
    for (int k = 5; k >= 0; k--) {
        if (saved[k] >= 8) p[at++] = 0x41;
        p[at++] = 0x58 + (saved[k] & 7);
    }
    p[at++] = 0xC3;
    return at;
}

/* Runs the bytes in a child; fills changed and returns the status text. */
static const char *run(const uint8_t *code, size_t n, unsigned inputs, unsigned index_regs, int has_memory,
                       uint8_t *scratch, unsigned *changed, char *buf) {
    uint64_t *shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (shared == MAP_FAILED) {
        perror("x86check: mmap");
        exit(2);
    }
    uint64_t *in = shared, *out = shared + 16;
    for (int r = 0; r < 16; r++) {
        in[r] = 0xA5A5000000000000ull | (uint64_t) (r + 1) << 36 | 0x5A5A1234ull;
        if (inputs & 1u << r) {
            in[r] = (index_regs & 1u << r) ? 8 : (uint64_t) (uintptr_t) (scratch + SCRATCH_SIZE / 2);
        }
        out[r] = in[r];
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        uint8_t *page = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (page == MAP_FAILED) _exit(3);
        build_runner(page, code, n, in, out);
        alarm(2);
        ((void (*)(void)) page)();
        _exit(0);
    }
    int status;
    waitpid(pid, &status, 0);
    *changed = 0;
    for (int r = 0; r < 16; r++) {
        if (r != 4 && out[r] != in[r]) *changed |= 1u << r;
    }
    munmap(shared, 4096);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return "ok";
    if (WIFSIGNALED(status)) {
        int sig = WTERMSIG(status);
        if (sig == SIGALRM) return "timeout";
        snprintf(buf, 64, "%s:%d", has_memory && (sig == SIGSEGV || sig == SIGBUS) ? "fault" : "crash", sig);
        return buf;
    }
    snprintf(buf, 64, "crash:exit%d", WEXITSTATUS(status));
    return buf;
}

int main(void) {
    csh cs;
    if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK) {
        fprintf(stderr, "x86check: capstone does not open for x86-64\n");
        return 2;
    }
    cs_option(cs, CS_OPT_DETAIL, CS_OPT_ON);
    /* The scratch page sits in the middle of a 4 GiB reservation no access may touch, so that a
     * displacement (at most 2 GiB either way) past it faults here rather than landing on some
     * other mapping: a template that runs clean touched only the scratch page, which the JIT
     * comparison gives it too. */
    size_t reserve = (size_t) 4 << 30;
    uint8_t *space = mmap(NULL, reserve + SCRATCH_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (space == MAP_FAILED) {
        perror("x86check: mmap of the guard reservation");
        return 2;
    }
    uint8_t *scratch = space + reserve / 2;
    if (mprotect(scratch, SCRATCH_SIZE, PROT_READ | PROT_WRITE) != 0) {
        perror("x86check: mprotect of the scratch page");
        return 2;
    }
    char line[512], hex[256], status_buf[64];
    unsigned inputs;
    while (fgets(line, sizeof line, stdin) != NULL) {
        if (sscanf(line, "%255s %u", hex, &inputs) != 2) {
            printf("error=bad-line\n");
            continue;
        }
        uint8_t code[MAX_CODE];
        size_t n = 0;
        for (size_t i = 0; hex[i] && hex[i + 1] && n < MAX_CODE; i += 2) {
            int hi = hex_value(hex[i]), lo = hex_value(hex[i + 1]);
            if (hi < 0 || lo < 0) break;
            code[n++] = (uint8_t) (hi << 4 | lo);
        }
        cs_insn *insn;
        size_t count = cs_disasm(cs, code, n, 0x1000, 0, &insn);
        unsigned rd = 0, wr = 0, base = 0, index = 0;
        size_t decoded = 0;
        int has_memory = 0, flags_in = 0, flags_set = 0;
        printf("len=");
        for (size_t i = 0; i < count; i++) {
            printf("%s%u", i ? "," : "", insn[i].size);
            decoded += insn[i].size;
            cs_regs regs_read, regs_write;
            uint8_t nread, nwrite;
            if (cs_regs_access(cs, &insn[i], regs_read, &nread, regs_write, &nwrite) == CS_ERR_OK) {
                for (int k = 0; k < nread; k++) {
                    int r = gpr(cs, regs_read[k]);
                    if (r >= 0) rd |= 1u << r;
                    if (regs_read[k] == X86_REG_EFLAGS && !flags_set) flags_in = 1;
                }
                for (int k = 0; k < nwrite; k++) {
                    int r = gpr(cs, regs_write[k]);
                    if (r >= 0) wr |= 1u << r;
                    if (regs_write[k] == X86_REG_EFLAGS) flags_set = 1;
                }
            }
            cs_x86 *x = &insn[i].detail->x86;
            for (int k = 0; k < x->op_count; k++) {
                if (x->operands[k].type != X86_OP_MEM) continue;
                int b = gpr(cs, x->operands[k].mem.base), ix = gpr(cs, x->operands[k].mem.index);
                if (b >= 0) base |= 1u << b;
                if (ix >= 0) index |= 1u << ix;
                /* lea and nop's ModRM name memory they never touch */
                if (insn[i].id != X86_INS_LEA && insn[i].id != X86_INS_NOP) has_memory = 1;
            }
        }
        if (decoded != n) printf("%s!", count ? "," : "");
        if (count) cs_free(insn, count);
        unsigned changed = 0;
        const char *status = decoded == n ? run(code, n, inputs, index & ~base, has_memory, scratch, &changed, status_buf) : "not-run";
        printf(" read=%u write=%u base=%u index=%u flagsin=%d changed=%u run=%s\n", rd, wr, base, index, flags_in, changed, status);
        fflush(stdout);
    }
    cs_close(&cs);
    return 0;
}
