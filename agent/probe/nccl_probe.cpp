#include "agent/probe/nccl_probe.h"

#include <chrono>

#include "agent/exec/fixed_program.h"

namespace fleetdeck::agent {
namespace {

// "0e+00" (the max-error column before nccl-tests 2.11), "0" (#wrong since), "N/A" (not checked).
std::optional<std::int64_t> wrong_of(std::string_view field) {
    if (field == "N/A") return -1;
    const auto v = parse_double(field);
    if (!v || *v < 0) return std::nullopt;
    return *v == 0 ? 0 : std::max<std::int64_t>(1, static_cast<std::int64_t>(*v));
}

}  // namespace

protocol::NcclRunResult parse_all_reduce_perf(std::string_view output) {
    protocol::NcclRunResult r;
    std::optional<std::string> failure;
    bool cut = false;
    for_each_line(output, [&](std::string_view line) {
        std::string_view body = trim(line);
        if (body.starts_with('#')) body = trim(body.substr(1));
        if (body.find("failure") != std::string_view::npos || body.find("Failure") != std::string_view::npos) {
            if (!failure) failure = first_line_of(std::string(body));
            return;
        }
        if (body.starts_with("Rank ")) {
            ++r.gpus;
            const auto close = body.find("] ");
            if (r.gpus == 1 && close != std::string_view::npos && body.find("device") != std::string_view::npos) {
                std::string name = first_line_of(std::string(body.substr(close + 2)));
                if (name.size() > 96) name.resize(96);
                if (!name.empty()) r.gpu_name = name;
            }
            return;
        }
        if (body.starts_with("Avg bus bandwidth")) {
            const auto colon = body.find(':');
            if (colon != std::string_view::npos) r.avg_busbw_gbs = parse_double(trim(body.substr(colon + 1)));
            return;
        }
        const auto f = split_ws(body);
        if (f.size() < 2 || !parse_int(f[0]) || !parse_int(f[1])) return;
        if (f.size() < 12 || r.rows.size() >= protocol::NcclRunResult::kMaxRows) {
            cut = true;
            return;
        }
        // Counted from the end: the root column is there only since nccl-tests 2.11.
        const std::size_t n = f.size();
        const auto algbw = parse_double(f[n - 7]), busbw = parse_double(f[n - 6]), in_place = parse_double(f[n - 2]);
        const auto wrong_out = wrong_of(f[n - 5]), wrong_in = wrong_of(f[n - 1]);
        if (!algbw || !busbw || !wrong_out || !wrong_in || *algbw < 0 || *busbw < 0 || *busbw > 1e5) {
            cut = true;
            return;
        }
        protocol::NcclRow row;
        row.bytes = *parse_int(f[0]);
        row.algbw_gbs = *algbw;
        row.busbw_gbs = *busbw;
        if (in_place && *in_place >= 0 && *in_place <= 1e5) row.in_place_busbw_gbs = *in_place;
        row.wrong = (*wrong_out < 0 || *wrong_in < 0) ? -1 : *wrong_out + *wrong_in;
        r.rows.push_back(row);
    });
    if (failure) r.error = "all_reduce_perf failed: " + *failure;
    else if (cut) r.error = "all_reduce_perf's table has a row cut short or unreadable";
    else if (r.rows.empty()) r.error = "all_reduce_perf printed no table";
    if (r.error) r.rows.clear();
    return r;
}

protocol::NcclRunResult run_nccl(const RootFs& fs, const protocol::NcclRunParams& params, int gpus, const std::atomic<bool>& stop) {
    protocol::NcclRunResult r;
    const auto program = find_fixed_program(fs, kAllReducePerfPaths);
    if (!program) {
        r.error = "NCCL: nccl-tests is not installed (" + kAllReducePerfPaths.front() + " or " + kAllReducePerfPaths.back() + ")";
        return r;
    }
    r.program = *program;
    if (auto why = untrusted_program(*program)) {
        r.error = "NCCL: " + *why;
        return r;
    }
    if (gpus < 1) {
        r.error = "NCCL: this host has no GPU the driver reports";
        return r;
    }
    // -b/-e: first and last size, -f 2: doubling, -g: GPUs in this one process (nccl-tests README).
    const std::vector<std::string> args = {"all_reduce_perf", "-b", std::to_string(params.min_bytes), "-e", std::to_string(params.max_bytes),
                                           "-f", "2", "-g", std::to_string(gpus)};
    // The CUDA runtime and NCCL where NVIDIA's packages put them; nothing from the caller's environment.
    const std::vector<std::string> env = {"PATH=/usr/local/cuda/bin:/usr/sbin:/usr/bin:/sbin:/bin", "LC_ALL=C",
                                          "LD_LIBRARY_PATH=/usr/local/cuda/lib64"};
    const ProgramRun run = run_fixed_program(*program, args, {.timeout = std::chrono::milliseconds(params.timeout_ms), .max_output_bytes = 256 * 1024},
                                             &stop, env);
    if (auto why = run_interrupted(run, "all_reduce_perf", "all_reduce_perf", std::chrono::milliseconds(params.timeout_ms))) {
        r.error = std::move(why);
        return r;
    }
    protocol::NcclRunResult parsed = parse_all_reduce_perf(run.out);
    parsed.program = r.program;
    // A failure it printed ("Test NCCL failure …") says more than its exit status.
    if (auto why = run_failed(run, "all_reduce_perf"); why && !parsed.error) {
        parsed.error = std::move(why);
        parsed.rows.clear();
    }
    return parsed;
}

}  // namespace fleetdeck::agent
