// PackedFloat: an optional float in four bytes, read as std::optional<float> is.
#include <gtest/gtest.h>

#include <optional>

#include "app/packed_float.h"

using fleetdeck::PackedFloat;

TEST(PackedFloat, AbsentAndPresentReadAsAnOptional) {
    static_assert(sizeof(PackedFloat) == 4);
    const PackedFloat none;
    EXPECT_FALSE(none.has_value());
    EXPECT_FALSE(static_cast<bool>(none));
    EXPECT_EQ(none.value_or(-1.0f), -1.0f);
    EXPECT_THROW((void)none.value(), std::bad_optional_access);
    EXPECT_EQ(static_cast<std::optional<double>>(none), std::nullopt);

    const PackedFloat zero = 0.0;  // a reading of zero is a reading
    ASSERT_TRUE(zero.has_value());
    EXPECT_EQ(*zero, 0.0f);
    const PackedFloat hot = std::optional<double>(83.5);
    EXPECT_EQ(*hot, 83.5f);
    EXPECT_EQ(static_cast<std::optional<double>>(hot), std::optional<double>(83.5));
    EXPECT_EQ(PackedFloat(std::optional<float>()), none);
    EXPECT_EQ(PackedFloat(std::nullopt), none);
    EXPECT_NE(zero, none);
    EXPECT_EQ(hot, PackedFloat(83.5f));

    PackedFloat cleared = hot;
    cleared.reset();
    EXPECT_EQ(cleared, none);
}
