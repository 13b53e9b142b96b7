#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>

#include "app/audit/audit_error.h"

struct evp_md_st;
struct evp_md_ctx_st;
struct evp_mac_st;
struct evp_mac_ctx_st;

namespace fleetdeck::audit {

// The per-installation HMAC key: 32 random bytes in a file only its owner can read. The bytes
// never leave this object except into OpenSSL.
class AuditKey {
public:
    static constexpr std::size_t kSize = 32;

    // Reads the key file; creates it first (mode 0600, O_CREAT|O_EXCL, from RAND_bytes) when it
    // does not exist. Two processes racing to create it end up with the same key.
    static std::variant<AuditKey, AuditError> loadOrCreate(const std::string& path);
    // Reads an existing key file; refuses one that group or others can read.
    static std::variant<AuditKey, AuditError> load(const std::string& path);
    // For tests and benchmarks.
    static AuditKey fromBytes(const std::array<std::uint8_t, kSize>& bytes) { return AuditKey(bytes); }

    const std::uint8_t* data() const { return bytes_.data(); }

private:
    explicit AuditKey(const std::array<std::uint8_t, kSize>& bytes) : bytes_(bytes) {}
    std::array<std::uint8_t, kSize> bytes_{};
};

// Computes entry hashes and HMACs, reusing one set of OpenSSL contexts (verification runs it a
// million times). Not thread-safe: one per thread.
class ChainSealer {
public:
    explicit ChainSealer(const AuditKey& key);
    ~ChainSealer();
    ChainSealer(const ChainSealer&) = delete;
    ChainSealer& operator=(const ChainSealer&) = delete;

    // Hex SHA-256 of canonical bytes followed by the previous entry's hex hash.
    std::string hash(std::string_view canonicalEntry, std::string_view prevHashHex);
    // Hex HMAC-SHA256 of the entry's hex hash under the installation key.
    std::string hmac(std::string_view hashHex);

private:
    const evp_md_st* sha256_ = nullptr;
    evp_md_ctx_st* digest_ = nullptr;
    evp_mac_st* mac_ = nullptr;
    evp_mac_ctx_st* macCtx_ = nullptr;
};

// Lower-case hex of bytes.
std::string toHex(const std::uint8_t* bytes, std::size_t size);
// Hex SHA-256 of arbitrary bytes (for describing what a repair cut).
std::string sha256Hex(std::string_view bytes);

}  // namespace fleetdeck::audit
