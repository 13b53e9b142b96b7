#pragma once

#include <QAbstractTableModel>
#include <vector>

#include "agent/protocol/facts.h"

namespace fleetdeck {

// A host's platform in words, from its facts (guide §2.2, §2.3, §4, §6): Secure Boot and the
// kernel's lockdown mode (shown, never proposed to be changed), the memory modules, the power
// supplies and each PCIe NIC's link. One row per fact: what, its value, and a status word so the
// state never rests on colour alone. Fed by the host page when the host's facts arrive.
class PlatformFactsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Fact, Status, Value, ColumnCount };  // the status word before the long value: always in view
    // What the Status word says; the view may tint by it.
    enum class State { Ok, Check, Failed, NotChecked, Unknown };
    enum Role { StateRole = Qt::UserRole + 1 };  // int: State

    explicit PlatformFactsModel(QObject* parent = nullptr);

    void setFacts(const protocol::Facts& facts);
    void clear();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    // The rows as "Fact: Value [Status]" lines, for tests and the PNG export's text.
    QString text() const;

private:
    struct Row {
        QString fact, value;
        State state = State::Unknown;
        QString detail;  // tooltip: the whole story (every supply, every module speed)
    };
    static QString statusWord(State state);
    void addProtection(const protocol::Facts& facts);
    void addMemory(const protocol::MemoryFacts& memory);
    void addPower(const protocol::PowerSupplyFacts& power);
    void addNics(const std::vector<protocol::NicFact>& nics);
    std::vector<Row> rows_;
};

}  // namespace fleetdeck
