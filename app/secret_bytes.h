#pragma once

#include <cstddef>
#include <memory>

#include <QByteArray>
#include <QString>

namespace fleetdeck {

// A secret (the sudo password) in one buffer of its own. It is never copied behind the caller's
// back: move-only, and clone() is the one explicit way to a second buffer, which wipes itself too.
// wipe() overwrites the bytes where they lie (OPENSSL_cleanse) and empties it; the storage itself
// is released only by the destructor, which wipes first. Unlike QByteArray::fill() on an
// implicitly shared array, nothing is detached, so no other copy is left behind.
class SecretBytes {
public:
    SecretBytes() = default;
    SecretBytes(const char* data, std::size_t size);
    ~SecretBytes();
    SecretBytes(SecretBytes&& other) noexcept;
    SecretBytes& operator=(SecretBytes&& other) noexcept;
    SecretBytes(const SecretBytes&) = delete;
    SecretBytes& operator=(const SecretBytes&) = delete;

    // The UTF-8 bytes of `text`; `text` and the conversion's buffer are wiped in place as far as
    // they are not shared with another QString (a line edit's own copy is Qt's to free).
    static SecretBytes fromText(QString& text);
    // The bytes of `bytes`, which is wiped in place (it must not be shared: data() would detach).
    static SecretBytes takeFrom(QByteArray& bytes);

    SecretBytes clone() const;
    // The same bytes followed by a newline, in a new buffer: the line a transport sends.
    SecretBytes asLine() const;

    const char* data() const { return bytes_.get(); }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    void wipe();

private:
    std::unique_ptr<char[]> bytes_;
    std::size_t size_ = 0;
    std::size_t capacity_ = 0;
};

}  // namespace fleetdeck
