#include "app/audit/audit_verify.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <memory>

namespace fleetdeck::audit {
namespace {

// What one line says about itself.
struct LineFacts {
    bool readable = false;  // a JSON object with an integer seq and string prev, hash and hmac
    std::int64_t seq = 0;
    std::string prev;
    std::string hash;
    bool hashOk = false;  // the hash matches the content
    bool hmacOk = false;  // the HMAC of the stored hash matches under this key
    bool valid() const { return readable && hashOk && hmacOk; }
};

bool takeString(Json& object, const char* key, std::string& into) {
    const auto it = object.find(key);
    if (it == object.end() || !it->is_string()) return false;
    into = std::move(it->get_ref<std::string&>());
    object.erase(it);
    return true;
}

// The slow, definitive reading: parse, drop the seal, serialise canonically, hash.
LineFacts examineByParsing(std::string_view line, ChainSealer& sealer) {
    LineFacts f;
    Json object = Json::parse(line, nullptr, false);
    if (object.is_discarded() || !object.is_object()) return f;
    const auto seq = object.find("seq");
    const auto prev = object.find("prev");
    if (seq == object.end() || !seq->is_number_integer() || prev == object.end() || !prev->is_string()) return f;
    f.seq = seq->get<std::int64_t>();
    f.prev = prev->get<std::string>();
    std::string hmac;
    if (!takeString(object, "hash", f.hash) || !takeString(object, "hmac", hmac)) return f;
    f.readable = true;
    f.hashOk = sealer.hash(canonical(object), f.prev) == f.hash;
    f.hmacOk = sealer.hmac(f.hash) == hmac;
    return f;
}

// Where the top-level members of a writer-produced line are, found in one pass without building
// a document: string boundaries (with escapes) and nesting depth are tracked byte by byte, so text
// inside strings or nested values is never mistaken for a top-level key.
struct TopLevelKeys {
    std::size_t hash = std::string_view::npos;  // offset of `"hash"` at depth 1
    std::size_t prev = std::string_view::npos;
    std::size_t seq = std::string_view::npos;
};

std::optional<TopLevelKeys> scanTopLevel(std::string_view line) {
    if (line.empty() || line.front() != '{' || line.back() != '}') return std::nullopt;
    TopLevelKeys keys;
    int depth = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
        const char c = line[i];
        if (c == '"') {
            const std::size_t start = i;
            for (++i; i < line.size() && line[i] != '"'; ++i)
                if (line[i] == '\\') ++i;
            if (i >= line.size()) return std::nullopt;
            const bool isKey = depth == 1 && i + 1 < line.size() && line[i + 1] == ':';
            if (!isKey) continue;
            const std::string_view name = line.substr(start + 1, i - start - 1);
            if (name == "hash") keys.hash = start;
            else if (name == "prev") keys.prev = start;
            else if (name == "seq") keys.seq = start;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth == 0 && i + 1 != line.size()) return std::nullopt;
        }
    }
    if (depth != 0) return std::nullopt;
    return keys;
}

bool isHex64(std::string_view text) {
    return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
               return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
           });
}

// The fast reading, for lines exactly as the writer wrote them: the canonical form with
// `"hash":"…","hmac":"…",` spliced in as top-level members, so cutting that out gives the canonical
// bytes without a parse-and-serialise round trip. When the hash of those bytes matches, they are
// the bytes the writer hashed (SHA-256 is collision resistant) and the line is that entry plus its
// seal as top-level members: the verdict equals the slow reading's. Anything else falls back to it.
LineFacts examine(std::string_view line, ChainSealer& sealer) {
    const auto keys = scanTopLevel(line);
    constexpr std::string_view kHash = "\"hash\":\"", kHmac = "\",\"hmac\":\"", kPrev = "\"prev\":\"", kSeq = "\"seq\":";
    constexpr std::size_t kSealSize = kHash.size() + 64 + kHmac.size() + 64 + 2;  // ends with `",`
    if (keys && keys->hash != std::string_view::npos && keys->prev != std::string_view::npos &&
        keys->seq != std::string_view::npos && keys->hash > 0 && (line[keys->hash - 1] == ',' || line[keys->hash - 1] == '{') &&
        line.size() > keys->hash + kSealSize) {
        const std::string_view seal = line.substr(keys->hash, kSealSize);
        const std::string_view hash = seal.substr(kHash.size(), 64);
        const std::string_view hmac = seal.substr(kHash.size() + 64 + kHmac.size(), 64);
        const std::string_view prev = line.substr(keys->prev + kPrev.size(), 64);
        const char* digits = line.data() + keys->seq + kSeq.size();
        std::int64_t seq = 0;
        const auto parsed = std::from_chars(digits, line.data() + line.size(), seq);
        if (seal.substr(0, kHash.size()) == kHash && seal.substr(kHash.size() + 64, kHmac.size()) == kHmac &&
            seal.substr(kSealSize - 2) == "\"," && isHex64(hash) && isHex64(hmac) &&
            line.substr(keys->prev, kPrev.size()) == kPrev && line.size() > keys->prev + kPrev.size() + 64 &&
            line[keys->prev + kPrev.size() + 64] == '"' && parsed.ec == std::errc() &&
            (*parsed.ptr == ',' || *parsed.ptr == '}')) {
            std::string canonicalBytes;
            canonicalBytes.reserve(line.size() - kSealSize);
            canonicalBytes.append(line.substr(0, keys->hash)).append(line.substr(keys->hash + kSealSize));
            if (sealer.hash(canonicalBytes, prev) == hash) {
                LineFacts f;
                f.readable = true;
                f.seq = seq;
                f.prev = std::string(prev);
                f.hash = std::string(hash);
                f.hashOk = true;
                f.hmacOk = sealer.hmac(hash) == hmac;
                return f;
            }
        }
    }
    return examineByParsing(line, sealer);
}

// What classification needs to know about the lines after the first anomaly.
struct Context {
    std::int64_t line = 0;      // the anomaly's line
    std::int64_t expected = 1;  // the sequence number that should have been there
    AuditHead previous;         // the last good entry
    std::optional<LineFacts> next;
    bool expectedLater = false;  // a valid entry with the expected number appears further down
    bool repeatedLater = false;  // the anomalous line's entry appears again further down
    bool anyHmacOk = false;
    bool anyHashOk = false;
};

std::string n(std::int64_t value) {
    return std::to_string(value);
}

Damage classify(const LineFacts& e, const Context& c) {
    const std::string at = "line " + n(c.line);
    // Nothing tells a foreign key from a chain re-hashed by someone without the key: both leave
    // every hash consistent and no HMAC matching. Name both, the harmless one not alone.
    if (!c.anyHmacOk && c.anyHashOk) {
        const std::int64_t first = e.readable ? e.seq : c.expected;
        return {DamageKind::WrongKey, c.line, e.readable ? std::optional(e.seq) : std::nullopt,
                "no entry's HMAC matches this key although the entries' hashes are consistent: wrong key, or every "
                "entry re-hashed since entry " + n(first) + " (another installation's key or a replaced key file; "
                "or the log rewritten by someone without the key: compare with the servers' witnesses, --against)"};
    }
    // A valid entry ahead of its place whose missing predecessor turns up later was moved, not
    // inserted, unless it is itself a copy of a later line.
    const bool movedUp = e.valid() && e.seq > c.expected && c.expectedLater && !c.repeatedLater;
    if (movedUp)
        return {DamageKind::Reordered, c.line, e.seq,
                at + " holds entry " + n(e.seq) + " where entry " + n(c.expected) + " belongs; entry " +
                    n(c.expected) + " appears later in the file"};
    const LineFacts* next = c.next ? &*c.next : nullptr;
    if (next && next->valid() && next->seq == c.expected && next->prev == c.previous.hash)
        return {DamageKind::Inserted, c.line, e.readable ? std::optional(e.seq) : std::nullopt,
                at + " is not part of the chain: entry " + n(c.expected) + " on line " + n(c.line + 1) +
                    " follows entry " + n(c.previous.seq) + " directly"};
    if (!e.readable)
        return {DamageKind::Modified, c.line, c.expected, at + " is not a readable audit entry (expected entry " +
                                                              n(c.expected) + ")"};
    if (!e.hashOk)
        return {DamageKind::Modified, c.line, e.seq, "its content does not match its hash"};
    if (!e.hmacOk)
        return {DamageKind::Modified, c.line, e.seq,
                "its hash is consistent but its HMAC is not: it was changed and re-hashed without the key"};
    if (e.seq > c.expected && c.repeatedLater)
        return {DamageKind::Inserted, c.line, e.seq, at + " is a copy of entry " + n(e.seq) + ", which appears again later"};
    if (e.seq > c.expected)
        return {DamageKind::Deleted, c.line, c.expected,
                e.seq - 1 == c.expected
                    ? "entry " + n(c.expected) + " is missing: entry " + n(e.seq) + " on " + at + " follows entry " +
                          n(c.previous.seq)
                    : "entries " + n(c.expected) + "-" + n(e.seq - 1) + " are missing: entry " + n(e.seq) + " on " +
                          at + " follows entry " + n(c.previous.seq)};
    if (e.seq < c.expected)
        return {DamageKind::Inserted, c.line, e.seq,
                at + " repeats entry " + n(e.seq) + ", which already appeared earlier"};
    return {DamageKind::Modified, c.line, e.seq,
            "entry " + n(e.seq) + " does not follow entry " + n(c.previous.seq) +
                ": its previous-entry hash differs (it comes from another copy of the log)"};
}

struct FileCloser {
    void operator()(std::FILE* f) const { std::fclose(f); }
};

}  // namespace

std::string_view toString(DamageKind kind) {
    switch (kind) {
    case DamageKind::Modified: return "modified";
    case DamageKind::Inserted: return "inserted";
    case DamageKind::Deleted: return "deleted";
    case DamageKind::Reordered: return "reordered";
    case DamageKind::Truncated: return "truncated";
    case DamageKind::WrongKey: return "wrong key";
    }
    return "unknown";
}

std::string describe(const Damage& damage) {
    std::string text = damage.seq ? "entry " + n(*damage.seq) : "an entry";
    if (damage.line > 0) text += " (line " + n(damage.line) + ")";
    return text + ": " + std::string(toString(damage.kind)) + " - " + damage.reason;
}

std::variant<VerifyReport, AuditError> verifyLog(const std::string& path, const AuditKey& key,
                                                 const std::set<std::int64_t>& hashesWanted) {
    std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "rbe"));
    if (!file)
        return AuditError{AuditErrorCode::LogUnreadable,
                          "cannot open the audit log " + path + ": " + std::strerror(errno)};
    std::setvbuf(file.get(), nullptr, _IOFBF, 1 << 20);
    ChainSealer sealer(key);
    VerifyReport report;
    std::optional<LineFacts> anomaly;
    Context context;
    char* buffer = nullptr;
    std::size_t capacity = 0;
    ssize_t length = 0;
    while ((length = ::getline(&buffer, &capacity, file.get())) > 0) {
        if (buffer[length - 1] != '\n') {
            report.incompleteTailBytes = length;
            break;
        }
        ++report.lines;
        const LineFacts f = examine(std::string_view(buffer, static_cast<std::size_t>(length - 1)), sealer);
        if (f.readable) report.lastSeqInFile = f.seq;
        if (!anomaly) {
            if (f.valid() && f.seq == context.expected && f.prev == report.verified.hash) {
                report.verified = AuditHead{f.seq, f.hash};
                if (hashesWanted.count(f.seq)) report.hashesAt[f.seq] = f.hash;
                ++context.expected;
                context.anyHmacOk = context.anyHashOk = true;
                continue;
            }
            anomaly = f;
            context.line = report.lines;
            context.previous = report.verified;
        } else {
            if (!context.next) context.next = f;
            if (f.valid() && f.seq == context.expected) context.expectedLater = true;
            if (f.readable && f.hash == anomaly->hash) context.repeatedLater = true;
        }
        context.anyHmacOk = context.anyHmacOk || f.hmacOk;
        context.anyHashOk = context.anyHashOk || f.hashOk;
    }
    std::free(buffer);
    if (std::ferror(file.get()))
        return AuditError{AuditErrorCode::LogUnreadable, "cannot read the audit log " + path};
    if (anomaly) report.damage = classify(*anomaly, context);
    return report;
}

}  // namespace fleetdeck::audit
