#include "app/audit/audit_report.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include <openssl/evp.h>

#include "app/audit/audit_crypto.h"

namespace fleetdeck::audit {

AuditEvent reportEvent(const ReportRecord& r) {
    AuditEvent e;
    e.action = AuditAction::Report;
    e.after = Json{{"sha256", r.sha256}, {"file", r.file},         {"bytes", r.bytes},
                   {"rack", r.rack},     {"hosts", r.hosts},       {"hosts_passed", r.hostsPassed},
                   {"pass", r.pass}};
    Json results = Json::array();
    for (const auto& [host, passed] : r.hostResults) results.push_back(Json{{"host", host}, {"pass", passed}});
    e.after["host_results"] = std::move(results);
    e.result = AuditOutcome::Ok;
    e.message = "commissioning report " + r.file + (r.rack.empty() ? std::string() : " of rack " + r.rack) + ": " +
                (r.pass ? "PASS" : "FAIL") + ", " + std::to_string(r.hostsPassed) + " of " + std::to_string(r.hosts) +
                " hosts pass";
    return e;
}

std::optional<ReportRecord> reportRecordOf(const AuditEntry& entry) {
    const Json& a = entry.event.after;
    if (entry.event.action != AuditAction::Report || !a.is_object()) return std::nullopt;
    const auto text = [&a](const char* key) { return a.contains(key) && a[key].is_string() ? a[key].get<std::string>() : std::string(); };
    const auto number = [&a](const char* key) {
        return a.contains(key) && a[key].is_number_integer() ? a[key].get<std::int64_t>() : std::int64_t{0};
    };
    ReportRecord r;
    r.sha256 = text("sha256");
    if (r.sha256.size() != 64) return std::nullopt;
    r.file = text("file");
    r.bytes = number("bytes");
    r.rack = text("rack");
    r.hosts = number("hosts");
    r.hostsPassed = number("hosts_passed");
    r.pass = a.contains("pass") && a["pass"].is_boolean() && a["pass"].get<bool>();
    if (a.contains("host_results") && a["host_results"].is_array())
        for (const Json& h : a["host_results"])
            if (h.is_object() && h.contains("host") && h["host"].is_string() && h.contains("pass") && h["pass"].is_boolean())
                r.hostResults.emplace_back(h["host"].get<std::string>(), h["pass"].get<bool>());
    return r;
}

std::vector<AuditEntry> entriesRecordingReport(const std::vector<AuditEntry>& entries, const std::string& sha256Hex) {
    std::vector<AuditEntry> out;
    for (const AuditEntry& e : entries)
        if (const auto r = reportRecordOf(e); r && r->sha256 == sha256Hex) out.push_back(e);
    return out;
}

std::optional<std::string> fileSha256Hex(const std::string& path, std::string* why) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (why) *why = path + ": cannot be read (" + std::strerror(errno) + ")";
        return std::nullopt;
    }
    EVP_MD_CTX* ctx = EVP_MD_CTX_new();
    if (!ctx || EVP_DigestInit_ex(ctx, EVP_sha256(), nullptr) != 1) {
        EVP_MD_CTX_free(ctx);
        if (why) *why = "OpenSSL could not start a SHA-256 digest";
        return std::nullopt;
    }
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        EVP_DigestUpdate(ctx, buffer, static_cast<std::size_t>(in.gcount()));
        if (in.eof()) break;
    }
    const bool failed = in.bad();
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    EVP_DigestFinal_ex(ctx, digest, &size);
    EVP_MD_CTX_free(ctx);
    if (failed) {
        if (why) *why = path + ": a read failed part way";
        return std::nullopt;
    }
    return toHex(digest, size);
}

}  // namespace fleetdeck::audit
