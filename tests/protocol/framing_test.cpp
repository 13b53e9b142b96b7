#include <gtest/gtest.h>

#include "agent/protocol/framing.h"

using fleetdeck::protocol::LineFramer;

TEST(LineFramer, SplitsLinesAcrossArbitraryChunks) {
    LineFramer f;
    f.feed("{\"a\":1}\n{\"b\"");
    auto first = f.next();
    ASSERT_TRUE(first);
    EXPECT_EQ(first->line, "{\"a\":1}");
    EXPECT_FALSE(f.next());
    EXPECT_TRUE(f.has_partial_line());
    f.feed(":2}\n\n");
    auto second = f.next();
    ASSERT_TRUE(second);
    EXPECT_EQ(second->line, "{\"b\":2}");
    auto empty = f.next();
    ASSERT_TRUE(empty);
    EXPECT_EQ(empty->line, "");
    EXPECT_FALSE(f.has_partial_line());
}

TEST(LineFramer, ByteAtATimeGivesSameFrames) {
    LineFramer f;
    const std::string text = "one\ntwo\nthree\n";
    for (char c : text) f.feed(std::string_view(&c, 1));
    EXPECT_EQ(f.next()->line, "one");
    EXPECT_EQ(f.next()->line, "two");
    EXPECT_EQ(f.next()->line, "three");
    EXPECT_FALSE(f.next());
}

TEST(LineFramer, OversizedLineIsDroppedAndReportedThenNextLineServed) {
    LineFramer f(16);
    f.feed("short\n");
    f.feed(std::string(10, 'x'));
    f.feed(std::string(20, 'y'));  // the line is now 30 bytes, over the limit
    f.feed("zz\nafter\n");
    EXPECT_EQ(f.next()->line, "short");
    auto big = f.next();
    ASSERT_TRUE(big);
    EXPECT_TRUE(big->oversized);
    EXPECT_EQ(big->length, 32u);
    EXPECT_TRUE(big->line.empty());
    auto after = f.next();
    ASSERT_TRUE(after);
    EXPECT_FALSE(after->oversized);
    EXPECT_EQ(after->line, "after");
}

TEST(LineFramer, LineExactlyAtLimitIsKept) {
    LineFramer f(8);
    f.feed("12345678\n123456789\n");
    auto a = f.next();
    EXPECT_FALSE(a->oversized);
    EXPECT_EQ(a->line, "12345678");
    EXPECT_TRUE(f.next()->oversized);
}

TEST(LineFramer, KeepsNulAndBinaryBytesInsideLine) {
    LineFramer f;
    f.feed(std::string("a\0b\xff\n", 5));
    auto frame = f.next();
    ASSERT_TRUE(frame);
    EXPECT_EQ(frame->line.size(), 4u);
}

// A line handed back is the buffer the next line is read into: a stream of large lines allocates
// none per line, and what is read is the next line only, whatever the buffer held.
TEST(LineFramer, ARecycledLineIsTheNextLinesBuffer) {
    LineFramer f;
    const std::string first(20000, 'a');
    f.feed(first + "\n");
    auto line = f.next();
    ASSERT_TRUE(line);
    const char* buffer = line->line.data();
    f.recycle(std::move(line->line));
    f.feed("{\"short\":1}\n" + std::string(15000, 'b'));
    auto second = f.next();
    ASSERT_TRUE(second);
    EXPECT_EQ(second->line, "{\"short\":1}");
    f.recycle(std::move(second->line));
    f.feed("\n");
    auto third = f.next();
    ASSERT_TRUE(third);
    EXPECT_EQ(third->line, std::string(15000, 'b'));
    EXPECT_EQ(third->line.data(), buffer) << "read into the recycled buffer";
    EXPECT_FALSE(f.has_partial_line());
}
