#pragma once

// TLS for the metrics endpoint from the system's OpenSSL, opened at run time with dlopen
// (libssl.so.3, then libssl.so.1.1) like NVML: the agent is one static binary for every glibc
// ≥ 2.17 server and links no OpenSSL, so a host without libssl still runs it in plain HTTP and
// only a web config that asks for TLS needs one. Only the handful of functions a non-blocking
// server handshake, read and write need are resolved; their prototypes and constants are
// OpenSSL's own (openssl/ssl.h, stable from 1.1.0 to 3.x).

#include <cstddef>
#include <memory>
#include <string>

#include "agent/metrics/web_config.h"

namespace fleetdeck::agent::metrics {

struct TlsSymbols;

// One connection's TLS, driven by the server's poll loop.
class TlsSession {
public:
    enum class Io { Done, WantRead, WantWrite, Closed, Failed };
    ~TlsSession();
    TlsSession(const TlsSession&) = delete;
    TlsSession& operator=(const TlsSession&) = delete;

    Io handshake();
    // At most `size` bytes into `buf`; `*n` the count when Done.
    Io read(char* buf, std::size_t size, std::size_t* n);
    Io write(const char* data, std::size_t size, std::size_t* n);
    // True once the client's hello has been read (SSL_in_before is false): the client is taking
    // part in a handshake, not just holding a socket open.
    bool hello_read() const;
    // A close_notify, sent once without waiting for the peer's.
    void close_notify();
    // Why the last call failed, from OpenSSL's error queue.
    std::string last_error() const { return error_; }

private:
    friend class TlsServer;
    TlsSession(const TlsSymbols& s, void* ssl) : s_(s), ssl_(ssl) {}
    Io result(int ret);

    const TlsSymbols& s_;
    void* ssl_;  // SSL*
    std::string error_;
};

class TlsServer {
public:
    // Loads libssl, reads the certificate chain, key and client CAs, and sets the versions and
    // the client-certificate policy; an error sentence that names the file or the library.
    static std::unique_ptr<TlsServer> create(const TlsServerConfig& config, std::string* error);
    ~TlsServer();
    TlsServer(const TlsServer&) = delete;
    TlsServer& operator=(const TlsServer&) = delete;

    // A session on the accepted, non-blocking socket `fd` (which stays the caller's to close).
    std::unique_ptr<TlsSession> session(int fd);
    // "OpenSSL 3.0.11 19 Sep 2023" (the loaded library's own words).
    std::string library_version() const;

private:
    TlsServer() = default;
    std::unique_ptr<TlsSymbols> s_;
    void* handle_ = nullptr;
    void* ctx_ = nullptr;  // SSL_CTX*
};

}  // namespace fleetdeck::agent::metrics
