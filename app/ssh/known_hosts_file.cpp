#include "app/ssh/known_hosts_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string_view>

#include <QFile>
#include <QtEndian>

#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "app/ssh/known_hosts.h"
#include "app/ssh/ssh_handles.h"
#include "app/ssh/ssh_text.h"

namespace fleetdeck::ssh {
namespace {

using Kind = KnownHostsVerdict::Kind;

// OpenSSH's match_pattern(): `*` any run, `?` one character, everything else literal. Iterative,
// so a pattern of many stars costs no recursion.
bool globMatches(std::string_view s, std::string_view p) {
    std::size_t si = 0, pi = 0, star = std::string_view::npos, resume = 0;
    while (si < s.size()) {
        if (pi < p.size() && (p[pi] == '?' || p[pi] == s[si])) {
            ++si;
            ++pi;
        } else if (pi < p.size() && p[pi] == '*') {
            star = pi++;
            resume = si;
        } else if (star != std::string_view::npos) {
            pi = star + 1;
            si = ++resume;
        } else {
            return false;
        }
    }
    while (pi < p.size() && p[pi] == '*') ++pi;
    return pi == p.size();
}

// OpenSSH's match_hostname(): a comma list; a matching `!pattern` excludes the host whatever
// else matches. `name` is already lower case.
bool patternListMatches(const QByteArray& name, const QByteArray& list) {
    bool positive = false;
    for (QByteArray pattern : list.split(',')) {
        const bool negated = pattern.startsWith('!');
        if (negated) pattern.remove(0, 1);
        if (!globMatches(std::string_view(name.constData(), name.size()), pattern.toLower().toStdString())) continue;
        if (negated) return false;
        positive = true;
    }
    return positive;
}

std::optional<QByteArray> strictBase64(const QByteArray& text) {
    auto decoded = QByteArray::fromBase64Encoding(text, QByteArray::AbortOnBase64DecodingErrors);
    if (!decoded || decoded.decoded.isEmpty()) return std::nullopt;
    return decoded.decoded;
}

// `|1|base64(salt)|base64(HMAC-SHA1(salt, name))`, as ssh-keygen -H writes it. nullopt: the
// field is malformed, so nobody can tell which host it names.
std::optional<bool> hashedNameMatches(const QByteArray& field, const QByteArray& name) {
    const QList<QByteArray> parts = field.split('|');  // "", "1", salt, hash
    if (parts.size() != 4 || !parts[0].isEmpty() || parts[1] != "1") return std::nullopt;
    const auto salt = strictBase64(parts[2]), hash = strictBase64(parts[3]);
    if (!salt || !hash || salt->size() != 20 || hash->size() != 20) return std::nullopt;
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (!HMAC(EVP_sha1(), salt->constData(), static_cast<int>(salt->size()), reinterpret_cast<const unsigned char*>(name.constData()),
              static_cast<std::size_t>(name.size()), digest, &length))
        return std::nullopt;
    return length == 20 && std::memcmp(digest, hash->constData(), 20) == 0;
}

// nullopt: the host field cannot be judged (a malformed hash), so the line may be for any host.
std::optional<bool> hostFieldMatches(const QByteArray& field, const QByteArray& name) {
    if (field.startsWith('|')) return hashedNameMatches(field, name);
    return patternListMatches(name, field);
}

// "type base64" into a key; the type the line names must be the type the key data holds.
KeyPtr decodeKey(const QByteArray& type, const QByteArray& base64, std::optional<SshText>& why) {
    if (type.isEmpty() || base64.isEmpty()) {
        why = SshText(QT_TRANSLATE_NOOP("ssh", "the line has no key after the host names"));
        return {};
    }
    const ssh_keytypes_e named = ssh_key_type_from_name(type.constData());
    if (named == SSH_KEYTYPE_UNKNOWN) {
        why = std::move(SshText(QT_TRANSLATE_NOOP("ssh", "'%1' is not a key type FleetDeck knows")).arg(QString::fromLatin1(type.left(64))));
        return {};
    }
    const auto blob = strictBase64(base64);
    if (!blob) {
        why = std::move(SshText(QT_TRANSLATE_NOOP("ssh", "its %1 key is not valid base64")).arg(QString::fromLatin1(type)));
        return {};
    }
    // The key data starts with its own type name: uint32 length, then the name.
    const QByteArray blobType = blob->size() >= 4 ? blob->mid(4, qFromBigEndian<quint32>(blob->constData())) : QByteArray();
    if (ssh_key_type_from_name(blobType.constData()) != named) {
        why = std::move(SshText(QT_TRANSLATE_NOOP("ssh", "the line says %1 but the key data is not a %1 key")).arg(QString::fromLatin1(type)));
        return {};
    }
    ssh_key key = nullptr;
    if (ssh_pki_import_pubkey_base64(base64.constData(), named, &key) != SSH_OK || !key) {
        why = std::move(SshText(QT_TRANSLATE_NOOP("ssh", "its %1 key cannot be decoded")).arg(QString::fromLatin1(type)));
        return {};
    }
    return KeyPtr(key);
}

// The lines that decide a verdict, first of each kind; the order of precedence is in verdict().
struct Findings {
    int revoked = 0, unreadableRevoked = 0, known = 0, changed = 0, certAuthority = 0, unreadableForHost = 0;
    QString changedType, changedFingerprint;
    std::optional<SshText> unreadableRevokedWhy, unreadableForHostWhy;
    QList<int> skipped;
};

bool isBlank(char c) { return c == ' ' || c == '\t'; }

QList<QByteArray> fields(const QByteArray& line) {
    QList<QByteArray> out;
    qsizetype i = 0;
    while (i < line.size()) {
        while (i < line.size() && isBlank(line[i])) ++i;
        const qsizetype start = i;
        while (i < line.size() && !isBlank(line[i])) ++i;
        if (i > start) out << line.mid(start, i - start);
    }
    return out;
}

void readLine(const QByteArray& raw, int number, const QByteArray& name, ssh_key offered, Findings& f) {
    QByteArray line = raw;
    while (line.endsWith('\n') || line.endsWith('\r')) line.chop(1);
    const QList<QByteArray> words = fields(line);
    if (words.isEmpty() || words[0].startsWith('#')) return;
    enum class Marker { None, Revoked, CertAuthority, Unknown } marker = Marker::None;
    qsizetype at = 0;
    if (words[0].startsWith('@')) {
        marker = words[0] == "@revoked" ? Marker::Revoked : words[0] == "@cert-authority" ? Marker::CertAuthority : Marker::Unknown;
        at = 1;
    }
    std::optional<SshText> why;
    const KeyPtr key = words.size() >= at + 3 ? decodeKey(words[at + 1], words[at + 2], why) : decodeKey({}, {}, why);
    if (marker == Marker::Revoked) {
        // A revoked key is refused for every host, so an unreadable revocation could be about any key.
        if (!key && !f.unreadableRevoked) {
            f.unreadableRevoked = number;
            f.unreadableRevokedWhy = why;
        }
        if (key && !f.revoked && ssh_key_cmp(key.get(), offered, SSH_KEY_CMP_PUBLIC) == 0) f.revoked = number;
        return;
    }
    if (words.size() <= at) {
        f.skipped << number;  // a marker alone: no host, no key
        return;
    }
    if (marker == Marker::None && words.size() == 1) {
        f.skipped << number;  // one word: no host entry at all
        return;
    }
    const std::optional<bool> forHost = hostFieldMatches(words[at], name);
    if (forHost == false) return;
    if (!forHost) why = SshText(QT_TRANSLATE_NOOP("ssh", "its hashed host name is malformed, so it may be for this host"));
    else if (marker == Marker::Unknown)
        why = std::move(SshText(QT_TRANSLATE_NOOP("ssh", "'%1' is not a marker OpenSSH knows")).arg(QString::fromLatin1(words[0].left(64))));
    if (!forHost || marker == Marker::Unknown || !key) {
        if (!f.unreadableForHost) {
            f.unreadableForHost = number;
            f.unreadableForHostWhy = why;
        }
        return;
    }
    if (marker == Marker::CertAuthority) {
        if (!f.certAuthority) f.certAuthority = number;
    } else if (ssh_key_cmp(key.get(), offered, SSH_KEY_CMP_PUBLIC) == 0) {
        if (!f.known) f.known = number;
    } else if (!f.changed) {
        f.changed = number;
        f.changedType = QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(key.get())));
        f.changedFingerprint = sha256Fingerprint(key.get());
    }
}

KnownHostsVerdict verdict(const Findings& f) {
    KnownHostsVerdict v;
    v.skippedLines = f.skipped;
    const auto decided = [&v](Kind kind, int line, const std::optional<SshText>& why = std::nullopt) {
        v.kind = kind;
        v.line = line;
        if (why) {
            v.why = why->english();
            v.whyShown = why->shown();
        }
        return v;
    };
    if (f.revoked) return decided(Kind::Revoked, f.revoked);
    if (f.unreadableRevoked) return decided(Kind::UnreadableLine, f.unreadableRevoked, f.unreadableRevokedWhy);
    if (f.known) return decided(Kind::Known, f.known);
    if (f.changed) {
        v.knownKeyType = f.changedType;
        v.knownFingerprint = f.changedFingerprint;
        return decided(Kind::Changed, f.changed);
    }
    if (f.certAuthority) return decided(Kind::CertAuthority, f.certAuthority);
    if (f.unreadableForHost) return decided(Kind::UnreadableLine, f.unreadableForHost, f.unreadableForHostWhy);
    return v;
}

KnownHostsVerdict unreadableFile(const QString& why) {
    KnownHostsVerdict v;
    v.kind = Kind::UnreadableFile;
    v.why = why;
    return v;
}

QString errnoText(int error) { return QString::fromLocal8Bit(std::strerror(error)); }

}  // namespace

QString knownHostsName(const QString& host, int port) {
    return port == 22 ? host : QStringLiteral("[%1]:%2").arg(host).arg(port);
}

KnownHostsVerdict checkKnownHosts(const QString& file, const QString& name, ssh_key offered) {
    // O_NONBLOCK: a FIFO in the file's place reads as empty instead of hanging the connect.
    const int fd = ::open(QFile::encodeName(file).constData(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        if (errno == ENOENT) return {};  // no file yet: every host is unknown
        return unreadableFile(errnoText(errno));
    }
    struct stat st{};
    if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        const int error = S_ISDIR(st.st_mode) ? EISDIR : errno;
        ::close(fd);
        return unreadableFile(errnoText(error));
    }
    std::FILE* in = ::fdopen(fd, "r");
    if (!in) {
        const int error = errno;
        ::close(fd);
        return unreadableFile(errnoText(error));
    }
    const QByteArray lowerName = name.toLower().toUtf8();
    Findings findings;
    char* buffer = nullptr;
    std::size_t capacity = 0;
    int number = 0;
    errno = 0;
    // getline: a line of any length is read whole, as OpenSSH reads it.
    for (ssize_t n; (n = ::getline(&buffer, &capacity, in)) >= 0;)
        readLine(QByteArray(buffer, n), ++number, lowerName, offered, findings);
    const bool failed = std::ferror(in);
    const int error = errno;
    std::free(buffer);
    std::fclose(in);
    if (failed) return unreadableFile(errnoText(error));
    return verdict(findings);
}

}  // namespace fleetdeck::ssh
