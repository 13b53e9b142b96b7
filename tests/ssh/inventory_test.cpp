// The inventory store and its importers (ssh-config, Ansible INI and YAML).
#include <gtest/gtest.h>

#include "app/inventory/importers.h"
#include "app/inventory/inventory.h"
#include "app/inventory/inventory_model.h"
#include "tests/ssh/test_sshd.h"
#include "tests/support/temp_dir.h"

#include <QAbstractItemModelTester>
#include <QSettings>

namespace fleetdeck {
namespace {

const HostSpec* byName(const std::vector<HostSpec>& hosts, const QString& name) {
    for (const HostSpec& h : hosts)
        if (h.name == name) return &h;
    return nullptr;
}

TEST(Inventory, SavesAndLoadsEveryField) {
    test::TempDir dir;
    Inventory inv;
    HostSpec h;
    h.name = QStringLiteral("gpu-07");
    h.address = QStringLiteral("10.1.0.7");
    h.port = 2222;
    h.user = QStringLiteral("ops");
    h.group = QStringLiteral("training");
    h.rack = QStringLiteral("R12");
    h.rackUnit = 17;
    h.tags = {QStringLiteral("h100"), QStringLiteral("ib")};
    h.residentAgent = false;
    h.meshAddress = QStringLiteral("192.168.7.7");
    ASSERT_TRUE(inv.put(h).ok());
    HostSpec plain;
    plain.name = QStringLiteral("gpu-08");
    plain.address = QStringLiteral("10.1.0.8");
    ASSERT_TRUE(inv.put(plain).ok());
    const QString path = QString::fromStdString((dir.path() / "sub/inventory.json").string());
    ASSERT_TRUE(inv.save(path).ok());
    const auto loaded = Inventory::load(path);
    ASSERT_TRUE(loaded) << loaded.problem().message.toStdString();
    const HostSpec* back = loaded->find(QStringLiteral("gpu-07"));
    ASSERT_TRUE(back);
    EXPECT_EQ(back->address, h.address);
    EXPECT_EQ(back->port, 2222);
    EXPECT_EQ(back->user, h.user);
    EXPECT_EQ(back->group, h.group);
    EXPECT_EQ(back->rack, h.rack);
    EXPECT_EQ(back->rackUnit, 17);
    EXPECT_EQ(back->tags, h.tags);
    EXPECT_FALSE(back->residentAgent);
    EXPECT_EQ(back->meshAddress, h.meshAddress);
    ASSERT_TRUE(loaded->find(QStringLiteral("gpu-08")));
    EXPECT_TRUE(loaded->find(QStringLiteral("gpu-08"))->residentAgent) << "a resident agent is the default";
    EXPECT_EQ(QString::fromStdString(test::readFile(dir.path() / "sub/inventory.json")).count(QStringLiteral("resident_agent")), 1)
        << "only the host that turned it off stores the field";
}

TEST(Inventory, MeshAddressesAreKeptInTheInventory) {
    test::TempDir dir;
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, QString::fromStdString((dir.path() / "settings").string()));
    const QString path = QString::fromStdString((dir.path() / "inventory.json").string());
    Inventory inv;
    for (const char* name : {"gpu-07", "gpu-08"}) {
        HostSpec h;
        h.name = QString::fromLatin1(name);
        h.address = h.name + QStringLiteral(".example.net");
        ASSERT_TRUE(inv.put(h).ok());
    }
    ASSERT_TRUE(inv.save(path).ok());
    const auto meshAddressOf = [&path](const char* host) {
        const auto loaded = Inventory::load(path);
        EXPECT_TRUE(loaded) << (loaded ? std::string() : loaded.problem().message.toStdString());
        const HostSpec* h = loaded ? loaded->find(QString::fromLatin1(host)) : nullptr;
        return h ? h->meshAddress : QStringLiteral("(missing)");
    };

    // Chosen by an earlier version, which kept the choices in the app's settings.
    {
        QSettings old;
        old.beginGroup(QStringLiteral("latency_mesh_address"));
        old.setValue(QStringLiteral("gpu-07"), QStringLiteral("192.168.7.7"));
        old.setValue(QStringLiteral("gone"), QStringLiteral("10.9.9.9"));
    }
    EXPECT_TRUE(moveMeshAddressesIntoInventory(path).ok());
    EXPECT_EQ(meshAddressOf("gpu-07"), QStringLiteral("192.168.7.7"));
    EXPECT_EQ(meshAddressOf("gpu-08"), QString());
    {
        QSettings old;
        old.beginGroup(QStringLiteral("latency_mesh_address"));
        EXPECT_TRUE(old.childKeys().isEmpty()) << "the settings still hold the old choices";
    }

    EXPECT_TRUE(setMeshAddress(path, QStringLiteral("gpu-08"), QStringLiteral("10.2.0.8")).ok());
    EXPECT_EQ(meshAddressOf("gpu-08"), QStringLiteral("10.2.0.8"));
    const auto notThere = setMeshAddress(path, QStringLiteral("nope"), QStringLiteral("10.2.0.9"));
    ASSERT_FALSE(notThere.ok());
    EXPECT_TRUE(notThere.problem().message.contains(QStringLiteral("not in the inventory"))) << notThere.problem().message.toStdString();
    EXPECT_FALSE(setMeshAddress(path, QStringLiteral("gpu-08"), QStringLiteral("10.2.0.8;reboot")).ok());
    EXPECT_EQ(meshAddressOf("gpu-08"), QStringLiteral("10.2.0.8")) << "a refused address changed the file";
    EXPECT_TRUE(setMeshAddress(path, QStringLiteral("gpu-08"), QString()).ok());
    EXPECT_EQ(meshAddressOf("gpu-08"), QString());
}

TEST(Inventory, RefusesInvalidHostsAndMalformedFiles) {
    Inventory inv;
    HostSpec bad;
    bad.name = QStringLiteral("x");
    bad.address = QStringLiteral("host;rm -rf /");
    EXPECT_FALSE(inv.put(bad).ok());
    const auto notHosts = Inventory::fromJson("{\"hosts\": 3}");
    ASSERT_FALSE(notHosts);
    EXPECT_EQ(notHosts.problem().code, ProblemCode::BadInput);
    EXPECT_FALSE(notHosts.problem().message.isEmpty());
    const auto badHost = Inventory::fromJson("{\"hosts\": [{\"name\": \"a\"}]}");
    ASSERT_FALSE(badHost);
    EXPECT_TRUE(badHost.problem().message.contains(QStringLiteral("hosts[0]")));
    const auto badVersion = Inventory::fromJson("{\"version\": \"two\", \"hosts\": []}");
    ASSERT_FALSE(badVersion) << "a version that is not a number";
    EXPECT_TRUE(badVersion.problem().message.contains(QStringLiteral("version")));
    test::TempDir dir;
    EXPECT_TRUE(Inventory::load(QString::fromStdString((dir.path() / "none.json").string()))->hosts().empty());
}

TEST(Inventory, ModelEditsPassTheModelTester) {
    InventoryModel model(Inventory{});
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
    HostSpec h;
    h.name = QStringLiteral("a");
    h.address = QStringLiteral("10.0.0.1");
    ASSERT_FALSE(model.add(h));
    EXPECT_TRUE(model.add(h));  // duplicate name
    h.rack = QStringLiteral("R1");
    h.jumpHost = QStringLiteral("ops@bastion.dc2:2222");
    ASSERT_FALSE(model.update(0, h));
    EXPECT_EQ(model.data(model.index(0, InventoryModel::Rack)).toString(), QStringLiteral("R1"));
    EXPECT_EQ(model.headerData(InventoryModel::JumpHost, Qt::Horizontal).toString(), QStringLiteral("Jump host"));
    EXPECT_EQ(model.data(model.index(0, InventoryModel::JumpHost)).toString(), QStringLiteral("ops@bastion.dc2:2222"));
    EXPECT_EQ(model.merge(importSshConfig(QStringLiteral("Host b c *.x\n")).hosts), 2);
    model.remove(0);
    EXPECT_EQ(model.rowCount(), 2);
}

TEST(Import, SshConfigTakesConcreteHostsOnly) {
    const ImportResult r = importSshConfig(QStringLiteral(
        "Host bastion\n  HostName 1.2.3.4\nHost gpu-01 gpu-02\n  ProxyJump bastion\nHost *.lab !x\n  User me\n"));
    ASSERT_EQ(r.hosts.size(), 3u);
    EXPECT_EQ(r.hosts[1].name, QStringLiteral("gpu-01"));
    EXPECT_EQ(r.hosts[1].address, QStringLiteral("gpu-01"));
}

TEST(Import, AnsibleIniWithGroupsVarsChildrenAndRanges) {
    const ImportResult r = importAnsibleIni(QStringLiteral(R"(
mgmt-01 ansible_host=10.0.0.2

[gpu]
gpu-[01:03] ansible_user=trainer
gpu-big ansible_host=10.0.1.50 ansible_port=2222

[storage]
nas-01:2200 ansible_host="10.0.2.1"
gpu-01

[gpu:vars]
ansible_user=ops
ansible_port=22

[dc1:children]
gpu
storage

[dc1:vars]
ansible_user=fallback
)"));
    ASSERT_FALSE(r.error);
    ASSERT_EQ(r.hosts.size(), 6u);
    const HostSpec* mgmt = byName(r.hosts, QStringLiteral("mgmt-01"));
    ASSERT_TRUE(mgmt);
    EXPECT_EQ(mgmt->address, QStringLiteral("10.0.0.2"));
    EXPECT_TRUE(mgmt->group.isEmpty());
    const HostSpec* g2 = byName(r.hosts, QStringLiteral("gpu-02"));
    ASSERT_TRUE(g2);
    EXPECT_EQ(g2->group, QStringLiteral("gpu"));
    EXPECT_EQ(g2->user, QStringLiteral("trainer"));  // host variable beats group variable
    EXPECT_EQ(g2->port, 22);
    const HostSpec* g1 = byName(r.hosts, QStringLiteral("gpu-01"));
    EXPECT_EQ(g1->tags, QStringList{QStringLiteral("storage")});
    const HostSpec* big = byName(r.hosts, QStringLiteral("gpu-big"));
    EXPECT_EQ(big->address, QStringLiteral("10.0.1.50"));
    EXPECT_EQ(big->port, 2222);
    const HostSpec* nas = byName(r.hosts, QStringLiteral("nas-01"));
    ASSERT_TRUE(nas);
    EXPECT_EQ(nas->port, 2200);
    EXPECT_EQ(nas->address, QStringLiteral("10.0.2.1"));
    EXPECT_EQ(nas->user, QStringLiteral("fallback"));  // from the parent group dc1
}

TEST(Import, AnsibleYamlWithNestedChildrenAndInheritedVars) {
    const ImportResult r = importAnsibleYaml(R"(---
all:
  hosts:
    mgmt-01:
      ansible_host: 10.0.0.2
  vars:
    ansible_user: base
  children:
    gpu:
      vars:
        ansible_port: 2222
      hosts:
        gpu-[01:02]:
        gpu-big:
          ansible_host: 10.0.1.50
          ansible_user: trainer
      children:
        h100:
          hosts:
            gpu-h1:
              ansible_port: 2200
    storage:
      hosts:
        nas-01: ~
)");
    ASSERT_FALSE(r.error) << r.error->english().toStdString();
    ASSERT_EQ(r.hosts.size(), 6u);
    const HostSpec* mgmt = byName(r.hosts, QStringLiteral("mgmt-01"));
    EXPECT_EQ(mgmt->address, QStringLiteral("10.0.0.2"));
    EXPECT_EQ(mgmt->user, QStringLiteral("base"));
    const HostSpec* g2 = byName(r.hosts, QStringLiteral("gpu-02"));
    ASSERT_TRUE(g2);
    EXPECT_EQ(g2->group, QStringLiteral("gpu"));
    EXPECT_EQ(g2->port, 2222);
    EXPECT_EQ(g2->user, QStringLiteral("base"));
    const HostSpec* big = byName(r.hosts, QStringLiteral("gpu-big"));
    EXPECT_EQ(big->user, QStringLiteral("trainer"));
    EXPECT_EQ(big->address, QStringLiteral("10.0.1.50"));
    const HostSpec* h1 = byName(r.hosts, QStringLiteral("gpu-h1"));
    EXPECT_EQ(h1->group, QStringLiteral("h100"));
    EXPECT_EQ(h1->port, 2200);
    const HostSpec* nas = byName(r.hosts, QStringLiteral("nas-01"));
    EXPECT_EQ(nas->group, QStringLiteral("storage"));
    EXPECT_EQ(nas->port, 0);
}

TEST(Import, MalformedYamlIsAnErrorWithALine) {
    const ImportResult r = importAnsibleYaml("all:\n  hosts: [a\n  b: c\n");
    ASSERT_TRUE(r.error);
    EXPECT_TRUE(r.error->english().contains(QStringLiteral("line")));
}

TEST(Import, FileTypeIsChosenByNameAndContent) {
    test::TempDir dir;
    const auto ini = dir.write("hosts", "[web]\nw1 ansible_host=10.9.9.9\n");
    const auto yml = dir.write("hosts.yml", "all:\n  hosts:\n    y1:\n");
    EXPECT_EQ(importAnsibleFile(QString::fromStdString(ini.string())).hosts.at(0).address, QStringLiteral("10.9.9.9"));
    EXPECT_EQ(importAnsibleFile(QString::fromStdString(yml.string())).hosts.at(0).name, QStringLiteral("y1"));
    EXPECT_TRUE(importAnsibleFile(QStringLiteral("/nonexistent/inventory")).error);
}

}  // namespace
}  // namespace fleetdeck
