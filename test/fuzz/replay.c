/* SPDX-License-Identifier: MIT */
/* replay.c - run fuzz inputs through the targets without libFuzzer.
 *
 * usage: fuzz_replay [-t TARGET] PATH...
 *
 * Each PATH is a file or a directory. A file is run through TARGET, or if no
 * -t was given, through the target named by its directory (regressions/load/x
 * goes to "load"). A directory is walked: its files, and one level of
 * subdirectories named after targets (so `fuzz_replay test/fuzz/regressions`
 * replays the whole corpus). README files are skipped.
 *
 * Every input runs in a child process with a time limit
 * (FUZZ_REPLAY_TIMEOUT seconds, default 20: enough for qemu-user), and gives
 * one line in the suite's convention: "PASS fuzz replay TARGET/FILE" or
 * "FAIL fuzz replay TARGET/FILE: <signal, exit status or timeout>". The
 * targets abort on a broken promise (FUZZ_ASSERT) and, in sanitizer builds,
 * on any out-of-bounds access.
 *
 * Builds with any C99 compiler and libc (gcc on the host; powerpc64-linux-
 * gnu-gcc -static for qemu-user), with every fuzz_*.c compiled with
 * -DFUZZ_REPLAY.
 */
#define _POSIX_C_SOURCE 200809L
/* 32-bit hosts (qemu-ppc): readdir fails with EOVERFLOW on 64-bit inode
 * numbers unless the 64-bit interfaces are used */
#define _FILE_OFFSET_BITS 64
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/check.h"
#include "../common/files.h"

int fuzz_load_one(const uint8_t *data, size_t size);
int fuzz_family_one(const uint8_t *data, size_t size);
int fuzz_lzma_one(const uint8_t *data, size_t size);
int fuzz_lzma_diff_one(const uint8_t *data, size_t size);
int fuzz_entity_one(const uint8_t *data, size_t size);
int fuzz_stream_one(const uint8_t *data, size_t size);
int fuzz_resume_one(const uint8_t *data, size_t size);
int fuzz_jobs_one(const uint8_t *data, size_t size);
int fuzz_access_one(const uint8_t *data, size_t size);
int fuzz_collision_one(const uint8_t *data, size_t size);
int fuzz_areas_one(const uint8_t *data, size_t size);
int fuzz_props_one(const uint8_t *data, size_t size);
int fuzz_bspx_one(const uint8_t *data, size_t size);
int fuzz_lit_one(const uint8_t *data, size_t size);
int fuzz_pak_one(const uint8_t *data, size_t size);
int fuzz_srclumps_one(const uint8_t *data, size_t size);
int fuzz_boxleaves_one(const uint8_t *data, size_t size);
int fuzz_grid_one(const uint8_t *data, size_t size);
int fuzz_curves_one(const uint8_t *data, size_t size);
int fuzz_draw_one(const uint8_t *data, size_t size);
int fuzz_mesh_one(const uint8_t *data, size_t size);
int fuzz_tex_one(const uint8_t *data, size_t size);
int fuzz_wad_one(const uint8_t *data, size_t size);
int fuzz_atlas_one(const uint8_t *data, size_t size);

typedef struct target {
    const char *name;
    int (*run)(const uint8_t *data, size_t size);
} target;

static const target targets[] = {
    { "load", fuzz_load_one },
    { "family", fuzz_family_one },
    { "lzma", fuzz_lzma_one },
    { "lzma_diff", fuzz_lzma_diff_one },
    { "entity", fuzz_entity_one },
    { "stream", fuzz_stream_one },
    { "resume", fuzz_resume_one },
    { "jobs", fuzz_jobs_one },
    { "access", fuzz_access_one },
    { "collision", fuzz_collision_one },
    { "areas", fuzz_areas_one },
    { "props", fuzz_props_one },
    { "bspx", fuzz_bspx_one },
    { "lit", fuzz_lit_one },
    { "pak", fuzz_pak_one },
    { "srclumps", fuzz_srclumps_one },
    { "boxleaves", fuzz_boxleaves_one },
    { "grid", fuzz_grid_one },
    { "curves", fuzz_curves_one },
    { "draw", fuzz_draw_one },
    { "mesh", fuzz_mesh_one },
    { "tex", fuzz_tex_one },
    { "wad", fuzz_wad_one },
    { "atlas", fuzz_atlas_one },
};
#define NUM_TARGETS (sizeof targets / sizeof targets[0])

static unsigned timeout_s = 20;
static unsigned replayed;

static const target *find_target(const char *name)
{
    size_t i;
    for (i = 0; i < NUM_TARGETS; i++)
        if (!strcmp(targets[i].name, name)) return &targets[i];
    return NULL;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* The name of the directory a file is in: "load" for a/b/load/x. */
static void parent_name(const char *path, char *out, size_t cap)
{
    const char *end = strrchr(path, '/'), *start;
    size_t n;
    out[0] = 0;
    if (!end) return;
    for (start = end; start > path && start[-1] != '/'; start--) {}
    n = (size_t)(end - start);
    if (n >= cap) n = cap - 1;
    memcpy(out, start, n);
    out[n] = 0;
}

static void replay_file(const char *path, const target *t)
{
    char label[600];
    pid_t pid;
    int status;
    replayed++;
    snprintf(label, sizeof label, "fuzz replay %s/%s", t->name, base_name(path));
    fflush(stdout);
    pid = fork();
    if (pid < 0) {
        CHECK(0, label, "fork failed");
        return;
    }
    if (pid == 0) {
        uint32_t size;
        uint8_t *data = read_file(path, &size);
        if (!data) _exit(3);
        alarm(timeout_s);
        t->run(data, size);
        free(data);
        exit(0);   /* not _exit: coverage builds write their counts at exit */
    }
    if (waitpid(pid, &status, 0) < 0) {
        CHECK(0, label, "waitpid failed");
        return;
    }
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        CHECK(1, label, "");
    } else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) {
        CHECK(0, label, "did not finish within %u s", timeout_s);
    } else if (WIFSIGNALED(status)) {
        CHECK(0, label, "killed by signal %d", WTERMSIG(status));
    } else if (WEXITSTATUS(status) == 3) {
        CHECK(0, label, "cannot read %s", path);
    } else {
        CHECK(0, label, "exit status %d (sanitizer report above)", WEXITSTATUS(status));
    }
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void replay_path(const char *path, const target *forced, int depth);

/* A directory's entries in name order, so the output is stable. */
static void replay_dir(const char *dir, const target *forced, int depth)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0, cap = 0, i;
    if (!d) {
        CHECK(0, "fuzz replay", "cannot open directory %s", dir);
        return;
    }
    for (;;) {
        errno = 0;
        if ((e = readdir(d)) == NULL) {
            if (errno) CHECK(0, "fuzz replay", "reading directory %s: %s", dir, strerror(errno));
            break;
        }
        if (e->d_name[0] == '.' || !strncmp(e->d_name, "README", 6)) continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            names = (char **)realloc(names, cap * sizeof *names);
        }
        names[n] = (char *)malloc(strlen(dir) + strlen(e->d_name) + 2);
        sprintf(names[n], "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, cmp_str);
    for (i = 0; i < n; i++) {
        replay_path(names[i], forced, depth + 1);
        free(names[i]);
    }
    free(names);
}

static void replay_path(const char *path, const target *forced, int depth)
{
    char dir[256];
    const target *t = forced;
    if (is_dir(path)) {
        if (depth < 2) replay_dir(path, forced, depth);
        return;
    }
    if (!t) {
        parent_name(path, dir, sizeof dir);
        t = find_target(dir);
    }
    if (!t) {
        CHECK(0, "fuzz replay", "%s: no target (name one with -t, or put it in a directory "
              "named load, family, lzma, lzma_diff, entity, stream, resume, jobs, access, collision or areas)", path);
        return;
    }
    replay_file(path, t);
}

int main(int argc, char **argv)
{
    const target *forced = NULL;
    const char *env = getenv("FUZZ_REPLAY_TIMEOUT");
    int i = 1;
    if (env && atoi(env) > 0) timeout_s = (unsigned)atoi(env);
    if (i + 1 < argc && !strcmp(argv[i], "-t")) {
        forced = find_target(argv[i + 1]);
        if (!forced) {
            fprintf(stderr, "fuzz_replay: unknown target %s\n", argv[i + 1]);
            return 2;
        }
        i += 2;
    }
    if (i >= argc) {
        fprintf(stderr, "usage: fuzz_replay [-t load|family|lzma|lzma_diff|entity|stream|resume|jobs|access|collision|areas] PATH...\n");
        return 2;
    }
    for (; i < argc; i++) replay_path(argv[i], forced, 0);
    if (!replayed) CHECK(0, "fuzz replay", "no input found");
    return check_exit();
}
