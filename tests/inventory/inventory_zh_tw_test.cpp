// The inventory's own sentences in Traditional Chinese: a problem's message stays the English
// that `--json` and logs keep; shownMessage() is what a person reads.
#include <gtest/gtest.h>

#include <filesystem>

#include "app/inventory/host_pattern.h"
#include "app/inventory/host_source.h"
#include "app/inventory/importers.h"
#include "app/inventory/inventory.h"
#include "tests/support/chinese_catalogues.h"
#include "tests/support/temp_dir.h"

namespace fleetdeck {
namespace {

using test::hasIdeograph;

TEST(InventoryInChinese, AnUnreadableInventoryKeepsTheEnglishMessageAndShowsChinese) {
    test::TempDir dir;
    std::filesystem::create_directory(dir.path() / "inventory.yml");
    const QString path = QString::fromStdString((dir.path() / "inventory.yml").string());
    const QString english = QStringLiteral("cannot read the inventory %1: it is a directory; check the path given to --inventory").arg(path);
    {
        test::ChineseCatalogues chinese;
        ASSERT_TRUE(chinese.loaded());
        const auto source = readHostSource(path);
        ASSERT_FALSE(source);
        EXPECT_EQ(source.problem().code, ProblemCode::IoFailed);
        EXPECT_EQ(source.problem().message, english);
        const QString shown = source.problem().shownMessage();
        EXPECT_TRUE(hasIdeograph(shown)) << shown.toStdString();
        EXPECT_TRUE(shown.contains(path)) << shown.toStdString();
        EXPECT_TRUE(shown.contains(QStringLiteral("--inventory"))) << shown.toStdString();
        EXPECT_FALSE(shown.contains(QStringLiteral("it is a directory"))) << shown.toStdString();
        EXPECT_FALSE(shown.contains(QStringLiteral("cannot read"))) << shown.toStdString();
    }
    const auto source = readHostSource(path);
    ASSERT_FALSE(source);
    EXPECT_EQ(source.problem().message, english);
    EXPECT_EQ(source.problem().shownMessage(), english);
}

// An importer's warnings are only read by a person (the Add hosts dialog, the terminal): they are
// in the user's language.
TEST(InventoryInChinese, AnImportersWarningsReadInChinese) {
    const QString ini = QStringLiteral("[gpus]\ngpu-01 ansible_port=notaport\n[gpus:weird]\nx\n");
    {
        test::ChineseCatalogues chinese;
        ASSERT_TRUE(chinese.loaded());
        const ImportResult imported = importAnsibleIni(ini);
        ASSERT_EQ(imported.warnings.size(), 2) << imported.warnings.join(QStringLiteral(" | ")).toStdString();
        for (const QString& w : imported.warnings) {
            EXPECT_TRUE(hasIdeograph(w)) << w.toStdString();
            EXPECT_FALSE(w.contains(QStringLiteral("skipped")) || w.contains(QStringLiteral("is not a port"))) << w.toStdString();
        }
    }
    const ImportResult english = importAnsibleIni(ini);
    EXPECT_TRUE(english.warnings.join(QStringLiteral(" | ")).contains(QStringLiteral("unknown section kind 'weird' skipped")))
        << english.warnings.join(QStringLiteral(" | ")).toStdString();
}

// A malformed file: the inventory's sentence with the file's name before it, both languages carried
// through.
TEST(InventoryInChinese, AMalformedInventoryNamesTheFileInBothLanguages) {
    test::TempDir dir;
    dir.write("inventory.json", R"({"version": 1, "hosts": [{"name": "gpu-01", "address": "gpu-01", "port": 70000}]})");
    const QString path = QString::fromStdString((dir.path() / "inventory.json").string());
    test::ChineseCatalogues chinese;
    ASSERT_TRUE(chinese.loaded());
    const auto inventory = Inventory::load(path);
    ASSERT_FALSE(inventory);
    EXPECT_EQ(inventory.problem().code, ProblemCode::BadInput);
    EXPECT_EQ(inventory.problem().message, QStringLiteral("%1: hosts[0]: port 70000 is out of range 1..65535").arg(path));
    const QString shown = inventory.problem().shownMessage();
    EXPECT_TRUE(hasIdeograph(shown)) << shown.toStdString();
    EXPECT_TRUE(shown.contains(path)) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("70000"))) << shown.toStdString();
    EXPECT_FALSE(shown.contains(QStringLiteral("out of range"))) << shown.toStdString();
}

TEST(InventoryInChinese, ABadHostPatternIsShownInChinese) {
    test::ChineseCatalogues chinese;
    ASSERT_TRUE(chinese.loaded());
    const auto names = expandHostPattern(QStringLiteral("gpu-[16-01]"));
    ASSERT_FALSE(names);
    EXPECT_EQ(names.problem().message, QStringLiteral("the range '[16-01]' at position 5 runs backwards; write [01-16]"));
    const QString shown = names.problem().shownMessage();
    EXPECT_TRUE(hasIdeograph(shown)) << shown.toStdString();
    EXPECT_TRUE(shown.contains(QStringLiteral("[01-16]"))) << shown.toStdString();
    EXPECT_FALSE(shown.contains(QStringLiteral("runs backwards"))) << shown.toStdString();
}

}  // namespace
}  // namespace fleetdeck
