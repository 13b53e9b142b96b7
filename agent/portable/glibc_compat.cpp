// What keeps the agent, built on glibc 2.36 with GCC 12, loadable on glibc 2.17 (CentOS 7) and
// everything since, on x86-64 and aarch64. One explanation per symbol; docs/agent-portability.md
// says how to verify.
//
// Three mechanisms, in this order of preference:
// 1. Pins. Every agent translation unit is compiled with -include glibc_symver_pins.h, generated
//    at build time from the target's own libc/libm/libdl/libpthread (generate_symver_pins.py):
//    `.symver memcpy,memcpy@GLIBC_2.14` and so on, the newest version of each symbol not above
//    GLIBC_2.17, i.e. what a link on glibc 2.17 would have chosen (aarch64's baseline is
//    GLIBC_2.17, x86-64's GLIBC_2.2.5). This covers e.g.
//    - dlopen/dlsym/dlclose/dlerror, dladdr1: GLIBC_2.34 since glibc moved them into libc; pinned
//      to GLIBC_2.2.5 (dladdr1: 2.3.3) / aarch64 GLIBC_2.17, which old glibc has in libdl.so.2 —
//      hence libdl.so.2 is linked explicitly (an empty stub on glibc >= 2.34).
//    - exp (GLIBC_2.29, the version without the errno wrapper) pinned to GLIBC_2.2.5 / 2.17.
//    - memcpy@GLIBC_2.14, clock_gettime@GLIBC_2.17 (libc's, not librt's GLIBC_2.2.5) stay as a
//      2.17 link has them: the newest version not above the ceiling, never the oldest, whose
//      semantics can differ (pthread_cond_wait@GLIBC_2.2.5 is the pre-NPTL condition variable).
// 2. Definitions here, for symbols referenced where no pin reaches — the static libstdc++ and
//    libgcc and the C start files (crt1.o) are prebuilt against glibc 2.36 — or that have no
//    version at or below 2.17 at all. CMake excludes the ones with old versions from the pins
//    (fleetdeck_glibc_defined) and the header gives their version as
//    FLEETDECK_GLIBC_VERSION_<symbol>, so the definition can call exactly that version.
// 3. Nothing else: tests/packaging/check_portable_agent.sh fails on any import newer than
//    GLIBC_2.17 and on any NEEDED library other than libc, libm, libdl, libpthread and the loader.
#include <dlfcn.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>

#ifndef FLEETDECK_GLIBC_VERSION___libc_start_main
#error "compile with -include glibc_symver_pins.h (agent/CMakeLists.txt, FLEETDECK_PORTABLE_AGENT)"
#endif

// Every definition below is hidden: the static runtime and crt1.o bind to it at link time, but it
// is not exported, so neither the loader (looking up e.g. pthread_once@GLIBC_2.2.5 for the call
// inside the definition) nor a dlopen()ed library like NVML ever resolves to it instead of glibc.
#define FLEETDECK_HIDDEN __attribute__((visibility("hidden")))

// fleetdeck_old_<symbol> is glibc's <symbol> at the version the pins header names.
#define FLEETDECK_OLD_GLIBC(symbol) \
    __asm__(".symver fleetdeck_old_" #symbol "," #symbol "@" FLEETDECK_GLIBC_VERSION_##symbol)

namespace {

struct Search {
    ElfW(Addr) pc;
    dl_find_object* result;
    bool found;
};

int visitObject(dl_phdr_info* info, std::size_t, void* data) {
    auto* search = static_cast<Search*>(data);
    ElfW(Addr) low = ~ElfW(Addr){0};
    ElfW(Addr) high = 0;
    const ElfW(Phdr)* ehFrame = nullptr;
    bool contains = false;
    for (ElfW(Half) i = 0; i < info->dlpi_phnum; ++i) {
        const ElfW(Phdr)& ph = info->dlpi_phdr[i];
        if (ph.p_type == PT_LOAD) {
            const ElfW(Addr) start = info->dlpi_addr + ph.p_vaddr;
            const ElfW(Addr) end = start + ph.p_memsz;
            if (start < low) low = start;
            if (end > high) high = end;
            if (search->pc >= start && search->pc < end) contains = true;
        } else if (ph.p_type == PT_GNU_EH_FRAME) {
            ehFrame = &ph;
        }
    }
    if (!contains) return 0;
    dl_find_object* r = search->result;
    r->dlfo_flags = 0;
    r->dlfo_map_start = reinterpret_cast<void*>(low);
    r->dlfo_map_end = reinterpret_cast<void*>(high);
    r->dlfo_link_map = nullptr;
    r->dlfo_eh_frame = ehFrame ? reinterpret_cast<void*>(info->dlpi_addr + ehFrame->p_vaddr) : nullptr;
#if DLFO_STRUCT_HAS_EH_DBASE
    r->dlfo_eh_dbase = nullptr;
#endif
    search->found = true;
    return 1;
}

// getrandom(2) arrived in Linux 3.17; CentOS 7 runs 3.10. The character devices give the same bytes.
ssize_t readRandomDevice(void* buffer, std::size_t length, unsigned int flags) {
    const int fd = ::open(flags & GRND_RANDOM ? "/dev/random" : "/dev/urandom",
                          O_RDONLY | O_CLOEXEC | (flags & GRND_NONBLOCK ? O_NONBLOCK : 0));
    if (fd < 0) return -1;
    const ssize_t n = ::read(fd, buffer, length);
    const int readErrno = errno;
    ::close(fd);
    errno = readErrno;
    return n;
}

}  // namespace

// _dl_find_object (GLIBC_2.35, in the loader): the static libgcc unwinder's fast path to find an
// address's .eh_frame_hdr. A stub that fails would make every throw abort, so this is a real
// implementation on dl_iterate_phdr (what the unwinder used before 2.35).
extern "C" FLEETDECK_HIDDEN int _dl_find_object(void* address, dl_find_object* result) noexcept {
    Search search{reinterpret_cast<ElfW(Addr)>(address), result, false};
    dl_iterate_phdr(visitObject, &search);
    if (!search.found) return -1;
    Dl_info info;
    void* linkMap = nullptr;
    if (dladdr1(address, &info, &linkMap, RTLD_DL_LINKMAP) != 0)
        result->dlfo_link_map = static_cast<struct link_map*>(linkMap);
    return 0;
}

// getrandom (GLIBC_2.25): the settings journal's ids and arc4random below. Through syscall(),
// which glibc 2.17 has, falling back to /dev/urandom where the kernel lacks the call.
extern "C" FLEETDECK_HIDDEN ssize_t getrandom(void* buffer, std::size_t length, unsigned int flags) {
    const long n = ::syscall(SYS_getrandom, buffer, length, flags);
    if (n < 0 && errno == ENOSYS) return readRandomDevice(buffer, length, flags);
    return n;
}

// arc4random (GLIBC_2.36): the static libstdc++'s std::random_device; getrandom gives the same bytes.
extern "C" FLEETDECK_HIDDEN std::uint32_t arc4random() noexcept {
    std::uint32_t value = 0;
    for (;;) {
        const ssize_t n = getrandom(&value, sizeof value, 0);
        if (n == static_cast<ssize_t>(sizeof value)) return value;
        if (n < 0 && errno != EINTR) abort();  // no entropy source at all: nothing safe to return
    }
}

// __libc_single_threaded (GLIBC_2.32): the static libstdc++ reads it to skip atomic reference
// counting while a process has one thread. Zero means "maybe several threads": always atomic,
// which is correct whatever threads glibc or NVML start, and what GCC did before glibc 2.32.
extern "C" {
FLEETDECK_HIDDEN char __libc_single_threaded = 0;
}

// stat, lstat, fstat (GLIBC_2.33): before 2.33 these were inline wrappers in <sys/stat.h> around
// __xstat, __lxstat and __fxstat, which glibc still exports (pinned by the header). The first
// argument is the struct layout version the kernel fills: 1 on x86-64, 0 on the generic ABI.
#if defined(__x86_64__)
constexpr int kStatVersion = 1;
#elif defined(__aarch64__)
constexpr int kStatVersion = 0;
#else
#error "the agent's glibc 2.17 floor is set for x86-64 and aarch64; add this architecture's _STAT_VER"
#endif
extern "C" int __xstat(int version, const char* path, struct stat* buf) noexcept;
extern "C" int __lxstat(int version, const char* path, struct stat* buf) noexcept;
extern "C" int __fxstat(int version, int fd, struct stat* buf) noexcept;
extern "C" FLEETDECK_HIDDEN int stat(const char* __restrict path, struct stat* __restrict buf) noexcept {
    return __xstat(kStatVersion, path, buf);
}
extern "C" FLEETDECK_HIDDEN int lstat(const char* __restrict path, struct stat* __restrict buf) noexcept {
    return __lxstat(kStatVersion, path, buf);
}
extern "C" FLEETDECK_HIDDEN int fstat(int fd, struct stat* buf) noexcept {
    return __fxstat(kStatVersion, fd, buf);
}

// pthread_create, pthread_join, pthread_detach, pthread_once, __pthread_key_create (GLIBC_2.34
// since glibc moved libpthread into libc): std::thread and the static libstdc++/libgcc's gthreads
// call them from code no pin reaches. These definitions call the GLIBC_2.2.5 (aarch64: 2.17)
// versions, which old glibc has in libpthread.so.0 — linked explicitly for that reason.
extern "C" int fleetdeck_old_pthread_create(pthread_t*, const pthread_attr_t*, void* (*)(void*), void*) noexcept;
extern "C" int fleetdeck_old_pthread_join(pthread_t, void**);
extern "C" int fleetdeck_old_pthread_detach(pthread_t) noexcept;
extern "C" int fleetdeck_old_pthread_once(pthread_once_t*, void (*)());
extern "C" int fleetdeck_old___pthread_key_create(pthread_key_t*, void (*)(void*)) noexcept;
FLEETDECK_OLD_GLIBC(pthread_create);
FLEETDECK_OLD_GLIBC(pthread_join);
FLEETDECK_OLD_GLIBC(pthread_detach);
FLEETDECK_OLD_GLIBC(pthread_once);
FLEETDECK_OLD_GLIBC(__pthread_key_create);

extern "C" FLEETDECK_HIDDEN int pthread_create(pthread_t* __restrict thread, const pthread_attr_t* __restrict attr,
                              void* (*start)(void*), void* __restrict arg) noexcept {
    return fleetdeck_old_pthread_create(thread, attr, start, arg);
}
extern "C" FLEETDECK_HIDDEN int pthread_join(pthread_t thread, void** result) {
    return fleetdeck_old_pthread_join(thread, result);
}
extern "C" FLEETDECK_HIDDEN int pthread_detach(pthread_t thread) noexcept {
    return fleetdeck_old_pthread_detach(thread);
}
extern "C" FLEETDECK_HIDDEN int pthread_once(pthread_once_t* once, void (*init)()) {
    return fleetdeck_old_pthread_once(once, init);
}
extern "C" FLEETDECK_HIDDEN int __pthread_key_create(pthread_key_t* key, void (*destructor)(void*)) noexcept {
    return fleetdeck_old___pthread_key_create(key, destructor);
}

// __libc_start_main (GLIBC_2.34), called by glibc 2.36's crt1.o. Before 2.34 the program passed
// its own constructor runner as `init` (__libc_csu_init from libc_nonshared.a) and the loader did
// not run the executable's .init_array; 2.34's crt1.o passes null, which a glibc 2.17 would take
// as "no constructors" — no iostreams, no static objects. So this calls the GLIBC_2.2.5
// (aarch64: 2.17) version with an `init` that does what __libc_csu_init did: _init (crti.o) and
// then .init_array in order (.preinit_array is the loader's, as it was). Newer glibc calls that
// `init` too, for programs linked before 2.34, instead of walking .init_array itself. `fini` is
// null in both eras for dynamically linked programs: the loader runs .fini_array.
using MainFunction = int (*)(int, char**, char**);
using InitFunction = void (*)(int, char**, char**);
extern "C" int fleetdeck_old___libc_start_main(MainFunction, int, char**, InitFunction, void (*)(), void (*)(), void*);
FLEETDECK_OLD_GLIBC(__libc_start_main);
extern "C" {
void _init();
extern const InitFunction __init_array_start[] __attribute__((visibility("hidden")));
extern const InitFunction __init_array_end[] __attribute__((visibility("hidden")));
}

namespace {
void runConstructors(int argc, char** argv, char** envp) {
    _init();
    for (const InitFunction* f = __init_array_start; f != __init_array_end; ++f) (*f)(argc, argv, envp);
}
}  // namespace

extern "C" FLEETDECK_HIDDEN int __libc_start_main(MainFunction main, int argc, char** argv, InitFunction /*null*/,
                                 void (*fini)(), void (*rtldFini)(), void* stackEnd) {
    return fleetdeck_old___libc_start_main(main, argc, argv, runConstructors, fini, rtldFini, stackEnd);
}
