#include "app/secret_bytes.h"

#include <cstring>
#include <utility>

#include <openssl/crypto.h>

namespace fleetdeck {

SecretBytes::SecretBytes(const char* data, std::size_t size)
    : bytes_(size ? std::make_unique<char[]>(size) : nullptr), size_(size), capacity_(size) {
    if (size) std::memcpy(bytes_.get(), data, size);
}

SecretBytes::~SecretBytes() { wipe(); }

SecretBytes::SecretBytes(SecretBytes&& other) noexcept
    : bytes_(std::move(other.bytes_)), size_(std::exchange(other.size_, 0)), capacity_(std::exchange(other.capacity_, 0)) {}

SecretBytes& SecretBytes::operator=(SecretBytes&& other) noexcept {
    if (this != &other) {
        wipe();
        bytes_ = std::move(other.bytes_);
        size_ = std::exchange(other.size_, 0);
        capacity_ = std::exchange(other.capacity_, 0);
    }
    return *this;
}

SecretBytes SecretBytes::fromText(QString& text) {
    QByteArray utf8 = text.toUtf8();  // a fresh array nobody else holds
    SecretBytes secret = takeFrom(utf8);
    if (!text.isEmpty()) OPENSSL_cleanse(text.data(), static_cast<std::size_t>(text.size()) * sizeof(QChar));
    text.clear();
    return secret;
}

SecretBytes SecretBytes::takeFrom(QByteArray& bytes) {
    SecretBytes secret(bytes.constData(), static_cast<std::size_t>(bytes.size()));
    if (!bytes.isEmpty()) OPENSSL_cleanse(bytes.data(), static_cast<std::size_t>(bytes.size()));
    bytes.resize(0);  // keeps the (wiped) buffer until the array goes, rather than freeing it here
    return secret;
}

SecretBytes SecretBytes::clone() const { return SecretBytes(data(), size_); }

SecretBytes SecretBytes::asLine() const {
    SecretBytes line;
    line.bytes_ = std::make_unique<char[]>(size_ + 1);
    line.size_ = line.capacity_ = size_ + 1;
    if (size_) std::memcpy(line.bytes_.get(), data(), size_);
    line.bytes_[size_] = '\n';
    return line;
}

void SecretBytes::wipe() {
    if (bytes_) OPENSSL_cleanse(bytes_.get(), capacity_);
    size_ = 0;
}

}  // namespace fleetdeck
