#include "app/audit/audit_crypto.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/rand.h>

namespace fleetdeck::audit {
namespace {

AuditError keyError(std::string text) {
    return AuditError{AuditErrorCode::KeyUnavailable, std::move(text)};
}

// Writes all of `size` bytes or fails.
bool writeAll(int fd, const void* data, std::size_t size) {
    const auto* p = static_cast<const std::uint8_t*>(data);
    while (size > 0) {
        const ssize_t n = ::write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

// Creates the key under a temporary name, then links it into place: link() fails with EEXIST when
// another process won the race, and the winner's file is complete by then.
std::variant<bool, AuditError> createKeyFile(const std::string& path) {
    std::array<std::uint8_t, AuditKey::kSize> bytes{};
    if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1)
        return keyError("OpenSSL could not produce random bytes for the audit key");
    // A name of its own per creator: threads of one process race too.
    std::array<std::uint8_t, 8> nonce{};
    RAND_bytes(nonce.data(), static_cast<int>(nonce.size()));
    const std::string temp = path + ".new." + toHex(nonce.data(), nonce.size());
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        const int why = errno;
        return keyError("cannot create the audit key " + temp + ": " + std::strerror(why));
    }
    const bool written = writeAll(fd, bytes.data(), bytes.size()) && ::fsync(fd) == 0;
    ::close(fd);
    OPENSSL_cleanse(bytes.data(), bytes.size());
    if (!written) {
        ::unlink(temp.c_str());
        return keyError("cannot write the audit key " + temp + " (is the disk full?)");
    }
    const int linked = ::link(temp.c_str(), path.c_str());
    const int linkErrno = errno;
    ::unlink(temp.c_str());
    if (linked != 0 && linkErrno != EEXIST)
        return keyError("cannot install the audit key at " + path + ": " + std::strerror(linkErrno));
    return true;
}

}  // namespace

std::variant<AuditKey, AuditError> AuditKey::load(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0) {
        const int why = errno;
        return keyError("cannot open the audit key " + path + ": " + std::strerror(why) +
                        (why == ENOENT ? " (it is created by the first write to the log)" : ""));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        ::close(fd);
        return keyError("the audit key " + path + " is not a regular file");
    }
    if ((st.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
        ::close(fd);
        return keyError("the audit key " + path + " can be read by other users: run 'chmod 600 " + path +
                        "' and consider the key disclosed");
    }
    std::array<std::uint8_t, kSize + 1> buffer{};
    ssize_t total = 0;
    for (;;) {
        const ssize_t n = ::read(fd, buffer.data() + total, buffer.size() - static_cast<std::size_t>(total));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        total += n;
        if (static_cast<std::size_t>(total) == buffer.size()) break;
    }
    ::close(fd);
    if (static_cast<std::size_t>(total) != kSize) {
        OPENSSL_cleanse(buffer.data(), buffer.size());
        return keyError("the audit key " + path + " is not " + std::to_string(kSize) + " bytes long");
    }
    std::array<std::uint8_t, kSize> bytes{};
    std::memcpy(bytes.data(), buffer.data(), kSize);
    OPENSSL_cleanse(buffer.data(), buffer.size());
    return AuditKey(bytes);
}

std::variant<AuditKey, AuditError> AuditKey::loadOrCreate(const std::string& path) {
    std::error_code ec;
    std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
    if (!std::filesystem::exists(path, ec)) {
        auto created = createKeyFile(path);
        if (auto* error = std::get_if<AuditError>(&created)) return *error;
    }
    return load(path);
}

ChainSealer::ChainSealer(const AuditKey& key) {
    sha256_ = EVP_MD_fetch(nullptr, "SHA256", nullptr);
    digest_ = EVP_MD_CTX_new();
    mac_ = EVP_MAC_fetch(nullptr, "HMAC", nullptr);
    macCtx_ = mac_ ? EVP_MAC_CTX_new(mac_) : nullptr;
    if (!sha256_ || !digest_ || !macCtx_) throw std::runtime_error("OpenSSL lacks SHA-256 or HMAC");
    char digestName[] = "SHA256";
    const OSSL_PARAM params[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digestName, 0),
        OSSL_PARAM_construct_end(),
    };
    if (EVP_MAC_init(macCtx_, key.data(), AuditKey::kSize, params) != 1)
        throw std::runtime_error("OpenSSL could not set up HMAC-SHA256");
}

ChainSealer::~ChainSealer() {
    EVP_MAC_CTX_free(macCtx_);
    EVP_MAC_free(mac_);
    EVP_MD_CTX_free(digest_);
    EVP_MD_free(const_cast<EVP_MD*>(sha256_));
}

std::string ChainSealer::hash(std::string_view canonicalEntry, std::string_view prevHashHex) {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    if (EVP_DigestInit_ex(digest_, sha256_, nullptr) != 1 ||
        EVP_DigestUpdate(digest_, canonicalEntry.data(), canonicalEntry.size()) != 1 ||
        EVP_DigestUpdate(digest_, prevHashHex.data(), prevHashHex.size()) != 1 ||
        EVP_DigestFinal_ex(digest_, out, &size) != 1)
        throw std::runtime_error("SHA-256 failed");
    return toHex(out, size);
}

std::string ChainSealer::hmac(std::string_view hashHex) {
    unsigned char out[EVP_MAX_MD_SIZE];
    std::size_t size = 0;
    // A null key re-initialises the context with the key set in the constructor.
    if (EVP_MAC_init(macCtx_, nullptr, 0, nullptr) != 1 ||
        EVP_MAC_update(macCtx_, reinterpret_cast<const unsigned char*>(hashHex.data()), hashHex.size()) != 1 ||
        EVP_MAC_final(macCtx_, out, &size, sizeof out) != 1)
        throw std::runtime_error("HMAC-SHA256 failed");
    return toHex(out, size);
}

std::string toHex(const std::uint8_t* bytes, std::size_t size) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string text(size * 2, '0');
    for (std::size_t i = 0; i < size; ++i) {
        text[2 * i] = kDigits[bytes[i] >> 4];
        text[2 * i + 1] = kDigits[bytes[i] & 0x0f];
    }
    return text;
}

std::string sha256Hex(std::string_view bytes) {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    EVP_Digest(bytes.data(), bytes.size(), out, &size, EVP_sha256(), nullptr);
    return toHex(out, size);
}

}  // namespace fleetdeck::audit
