// The audit-log reader and verifier on arbitrary file contents: a log damaged by a crash, a full
// disk or someone editing it must read as damage, never crash the viewer.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "app/audit/audit_crypto.h"
#include "app/audit/audit_reader.h"
#include "app/audit/audit_verify.h"

using namespace fleetdeck::audit;

namespace {

const std::string& logPath() {
    static const std::string path = [] {
        std::string pattern = (std::filesystem::temp_directory_path() / "fuzz_audit_reader.XXXXXX").string();
        const int fd = ::mkstemp(pattern.data());
        if (fd < 0) std::abort();
        ::close(fd);
        std::atexit([] { ::unlink(logPath().c_str()); });
        return pattern;
    }();
    return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    {
        std::ofstream out(logPath(), std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    const auto contents = readEntries(logPath());
    if (const auto* c = std::get_if<AuditContents>(&contents)) {
        AuditFilter filter;
        filter.setting = "sysctl.";
        filter.sinceUtc = normaliseTime("2026-11-29", false);
        for (const AuditEntry& e : c->entries) (void)filter.matches(e);
    }
    std::array<std::uint8_t, AuditKey::kSize> bytes{};
    bytes.fill(0x5a);
    const auto report = verifyLog(logPath(), AuditKey::fromBytes(bytes), {1, 2, 3});
    if (const auto* r = std::get_if<VerifyReport>(&report); r && r->damage) (void)describe(*r->damage);
    return 0;
}
