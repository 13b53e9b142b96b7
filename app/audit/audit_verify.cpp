#include "app/audit/audit_verify.h"

#include <cerrno>
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

// Collects the top-level seq, prev, hash and hmac without building a document.
class TopLevelFields : public nlohmann::json_sax<Json> {
public:
    std::optional<std::int64_t> seq;
    std::optional<std::string> prev, hash, hmac;
    bool isObject = false;

    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t v) override {
        if (depth_ == 1 && key_ == "seq") seq = v;
        return value();
    }
    bool number_unsigned(number_unsigned_t v) override {
        if (depth_ == 1 && key_ == "seq" && v <= static_cast<number_unsigned_t>(INT64_MAX)) seq = static_cast<std::int64_t>(v);
        return value();
    }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t& v) override {
        if (depth_ == 1) {
            if (key_ == "prev") prev = std::move(v);
            else if (key_ == "hash") hash = std::move(v);
            else if (key_ == "hmac") hmac = std::move(v);
        }
        return value();
    }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override {
        if (depth_ == 0) isObject = true;
        ++depth_;
        return true;
    }
    bool key(string_t& k) override {
        if (depth_ == 1) key_ = std::move(k);
        return true;
    }
    bool end_object() override { return --depth_, true; }
    bool start_array(std::size_t) override { return ++depth_, true; }
    bool end_array() override { return --depth_, true; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    bool value() { return depth_ > 0; }  // a bare scalar is not an entry
    int depth_ = 0;
    std::string key_;
};

// The fast reading, for lines exactly as the writer wrote them: the line is the canonical form
// with `"hash":"…","hmac":"…",` spliced in, so cutting that out gives the canonical bytes without
// a parse-and-serialise round trip. If the hash of those bytes matches, they are the bytes the
// writer hashed (SHA-256 is collision resistant) and the verdict equals the slow reading's;
// anything else falls back to the slow reading.
LineFacts examine(std::string_view line, ChainSealer& sealer) {
    TopLevelFields fields;
    if (Json::sax_parse(line, &fields) && fields.isObject && fields.seq && fields.prev && fields.hash && fields.hmac) {
        const std::string seal = "\"hash\":\"" + *fields.hash + "\",\"hmac\":\"" + *fields.hmac + "\",";
        const auto at = line.find(seal);
        if (at != std::string_view::npos) {
            std::string canonicalBytes;
            canonicalBytes.reserve(line.size() - seal.size());
            canonicalBytes.append(line.substr(0, at)).append(line.substr(at + seal.size()));
            LineFacts f;
            f.readable = true;
            f.seq = *fields.seq;
            f.prev = std::move(*fields.prev);
            f.hash = std::move(*fields.hash);
            if (sealer.hash(canonicalBytes, f.prev) == f.hash) {
                f.hashOk = true;
                f.hmacOk = sealer.hmac(f.hash) == *fields.hmac;
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
    if (!c.anyHmacOk && c.anyHashOk)
        return {DamageKind::WrongKey, c.line, e.readable ? std::optional(e.seq) : std::nullopt,
                "no entry's HMAC matches this installation's key although the entries' hashes are consistent: "
                "the log was written with another key (another installation, or the key file was replaced)"};
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
