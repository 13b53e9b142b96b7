// Definitions that keep the statically linked libstdc++/libgcc of GCC 12 from requiring symbols
// newer than glibc 2.34, so one agent binary runs on Ubuntu 22.04, Debian 12 and RHEL 9.
//
// The static runtime libraries built on glibc 2.36 call two functions that older glibc lacks:
// - _dl_find_object (GLIBC_2.35): the exception unwinder's fast path to find an address's
//   .eh_frame_hdr. A stub that fails would make every throw abort, so this is a real
//   implementation on dl_iterate_phdr (what the unwinder used before 2.35).
// - arc4random (GLIBC_2.36): used by std::random_device; getrandom(2) gives the same bytes.
// Defining them here makes the static link resolve to these, leaving no versioned reference.
#include <dlfcn.h>
#include <link.h>
#include <stdlib.h>
#include <sys/random.h>

#include <cerrno>
#include <cstdint>

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

}  // namespace

extern "C" int _dl_find_object(void* address, dl_find_object* result) noexcept {
    Search search{reinterpret_cast<ElfW(Addr)>(address), result, false};
    dl_iterate_phdr(visitObject, &search);
    if (!search.found) return -1;
    Dl_info info;
    void* linkMap = nullptr;
    if (dladdr1(address, &info, &linkMap, RTLD_DL_LINKMAP) != 0)
        result->dlfo_link_map = static_cast<struct link_map*>(linkMap);
    return 0;
}

extern "C" std::uint32_t arc4random() noexcept {
    std::uint32_t value = 0;
    for (;;) {
        const ssize_t n = getrandom(&value, sizeof value, 0);
        if (n == static_cast<ssize_t>(sizeof value)) return value;
        if (n < 0 && errno != EINTR) abort();  // no entropy source at all: nothing safe to return
    }
}
