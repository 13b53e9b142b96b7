// Verifies an audit log of N entries (default 1,000,000) and prints entries per second.
//   audit_verify_bench [ENTRIES] [DIR]
// Writes the log once into DIR (default: a directory under $TMPDIR, removed afterwards), sealing
// entries directly rather than through AuditLog::record(), which would take the file lock and
// re-read the tail a million times.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <time.h>

#include <openssl/rand.h>

#include "app/audit/audit_crypto.h"
#include "app/audit/audit_log.h"
#include "app/audit/audit_verify.h"

using namespace fleetdeck::audit;
using Clock = std::chrono::steady_clock;

namespace {

AuditEntry sampleEntry(std::int64_t seq, const std::string& prev) {
    static const char* kSettings[] = {"sysctl.vm.swappiness", "sysctl.net.core.somaxconn",
                                      "sysctl.net.ipv4.tcp_congestion_control", "cpu.governor"};
    AuditEntry e;
    e.seq = seq;
    e.timeUtc = "2026-11-29T10:15:02.123Z";
    e.prevHash = prev;
    e.event.op = AuditOperator{"maria@ops-laptop", std::string("Maria Okafor")};
    e.event.host = AuditHost{"gpu-" + std::to_string(seq % 64), "10.20.0." + std::to_string(seq % 64),
                             std::string("SHA256:q3Zl7Yb1x0Vf8wK2mD9sPpT4cNnR6eUaHjLgBiXoWk0")};
    e.event.action = static_cast<AuditAction>(seq % 3);
    e.event.transaction = "tx-" + std::to_string(seq / 20);
    e.event.setting = kSettings[seq % 4];
    e.event.before = 60;
    e.event.after = 10;
    e.event.message = "written";
    return e;
}

double seconds(Clock::duration d) {
    return std::chrono::duration<double>(d).count();
}

// CPU time of this process: on a shared machine the wall clock also counts other people's work.
double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
}

}  // namespace

int main(int argc, char** argv) {
    const std::int64_t count = argc > 1 ? std::stoll(argv[1]) : 1000000;
    const bool ownDir = argc <= 2;
    const std::filesystem::path dir = ownDir ? std::filesystem::temp_directory_path() / "fleetdeck-audit-bench" : argv[2];
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "log.jsonl").string();

    std::array<std::uint8_t, AuditKey::kSize> bytes{};
    RAND_bytes(bytes.data(), static_cast<int>(bytes.size()));
    const AuditKey key = AuditKey::fromBytes(bytes);
    {
        const auto start = Clock::now();
        ChainSealer sealer(key);
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        std::string prev = kGenesisHash;
        for (std::int64_t seq = 1; seq <= count; ++seq) {
            AuditEntry entry = sampleEntry(seq, prev);
            out << sealedLine(entry, sealer) << '\n';
            prev = entry.hash;
        }
        out.close();
        std::printf("wrote %lld entries (%.1f MiB) in %.2f s\n", static_cast<long long>(count),
                    std::filesystem::file_size(path) / 1048576.0, seconds(Clock::now() - start));
    }
    const auto start = Clock::now();
    const double cpuStart = cpuSeconds();
    const auto result = verifyLog(path, key);
    const double elapsed = seconds(Clock::now() - start);
    const double cpu = cpuSeconds() - cpuStart;
    if (const auto* error = std::get_if<AuditError>(&result)) {
        std::fprintf(stderr, "%s\n", error->message.c_str());
        return 1;
    }
    const VerifyReport& report = std::get<VerifyReport>(result);
    std::printf("verified %lld entries in %.2f s wall, %.2f s CPU: %.0f entries/s wall, %.0f entries/s CPU (%s)\n",
                static_cast<long long>(report.lines), elapsed, cpu, report.lines / elapsed, report.lines / cpu,
                report.intact() ? "intact" : describe(*report.damage).c_str());
    if (ownDir) std::filesystem::remove_all(dir);
    return report.intact() && report.lines == count ? 0 : 1;
}
