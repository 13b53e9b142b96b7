#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace fleetdeck::agent {

// SHA-256 (FIPS 180-4) and HMAC-SHA256 (RFC 2104), for one job: a resident agent proves to the
// client that it holds the key its start left in its 0700 directory (agent/resident.h). The agent
// links no crypto library so that one static binary runs on every glibc >= 2.17 server; the app
// checks the proof with OpenSSL, and tests/agent/hmac_test.cpp holds this code to RFC 4231's
// vectors and to OpenSSL on random inputs.
using Sha256Digest = std::array<std::uint8_t, 32>;

Sha256Digest sha256(std::string_view data);
Sha256Digest hmac_sha256(std::string_view key, std::string_view message);
std::string to_hex(const Sha256Digest& digest);

}  // namespace fleetdeck::agent
