// The agent's own SHA-256 and HMAC-SHA256 (agent/crypto/hmac_sha256.h) against RFC 4231's test
// vectors and against OpenSSL on random keys and messages of every length around the block size.
#include <random>

#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "agent/crypto/hmac_sha256.h"

namespace fleetdeck::test {
namespace {

std::string fromHex(const std::string& hex) {
    std::string out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
    return out;
}

std::string opensslHmac(const std::string& key, const std::string& message) {
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(message.data()),
         message.size(), mac, &size);
    agent::Sha256Digest d{};
    std::copy(mac, mac + size, d.begin());
    return agent::to_hex(d);
}

TEST(AgentHmac, Rfc4231TestVectors) {
    struct Case {
        std::string key, data, mac;
    };
    const std::vector<Case> cases = {
        {std::string(20, '\x0b'), "Hi There", "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
        {"Jefe", "what do ya want for nothing?", "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
        {std::string(20, '\xaa'), std::string(50, '\xdd'), "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"},
        {fromHex("0102030405060708090a0b0c0d0e0f10111213141516171819"), std::string(50, '\xcd'),
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},
        {std::string(131, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First",
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},
        {std::string(131, '\xaa'),
         "This is a test using a larger than block-size key and a larger than block-size data. The key needs to be "
         "hashed before being used by the HMAC algorithm.",
         "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"},
    };
    for (const Case& c : cases) EXPECT_EQ(agent::to_hex(agent::hmac_sha256(c.key, c.data)), c.mac) << c.data;
}

TEST(AgentHmac, Sha256OfKnownInputs) {
    EXPECT_EQ(agent::to_hex(agent::sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(agent::to_hex(agent::sha256("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(agent::to_hex(agent::sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(AgentHmac, MatchesOpenSslForEveryLengthAroundTheBlockSize) {
    std::mt19937 random(42);
    const auto bytes = [&random](std::size_t n) {
        std::string s(n, '\0');
        for (char& c : s) c = static_cast<char>(random() & 0xff);
        return s;
    };
    for (std::size_t keyLen : {0u, 1u, 32u, 63u, 64u, 65u, 200u})
        for (std::size_t msgLen = 0; msgLen < 200; ++msgLen) {
            const std::string key = bytes(keyLen), msg = bytes(msgLen);
            ASSERT_EQ(agent::to_hex(agent::hmac_sha256(key, msg)), opensslHmac(key, msg)) << keyLen << " " << msgLen;
        }
}

}  // namespace
}  // namespace fleetdeck::test
