/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A user's setting never loses to a host profile: for every attribute every
// profile sets, a value the user gives (as a default, as --ns3::Type::Name
// and NS_ATTRIBUTE_DEFAULT set it, or with the helper's Set*Attribute before
// SetProfile) is the one the installed object has. Before the fix each
// profile silently overwrote them.

#include "ns3/boolean.h"
#include "ns3/config.h"
#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/tcp-host-module.h"

using namespace ns3;

namespace
{

/// One section of a profile and the object it configures on a node.
struct Section
{
    std::string name;                                         //!< Its name, for messages
    const TcpHostProfile::Settings TcpHostProfile::*settings; //!< Its attributes
    TypeId tid;                                               //!< The type they belong to
    std::function<Ptr<Object>(Ptr<Node>)> find;               //!< The installed object
    std::function<void(TcpHostHelper&, std::string, const AttributeValue&)> set; //!< Helper call
};

/// @return a valid value for the attribute other than the profile's, or nullptr
Ptr<AttributeValue>
OtherValue(TypeId tid, const std::string& name, const AttributeValue& profileValue)
{
    TypeId::AttributeInformation info;
    if (!tid.LookupAttributeByName(name, &info))
    {
        return nullptr;
    }
    std::string profile = profileValue.SerializeToString(info.checker);
    std::string type = info.checker->GetValueTypeName();
    std::vector<std::string> candidates;
    if (type == "ns3::UintegerValue")
    {
        candidates.push_back(std::to_string(std::stoull(profile) + 1));
    }
    else if (type == "ns3::TimeValue")
    {
        Time t(profile);
        candidates.push_back(std::to_string((t + NanoSeconds(1)).GetNanoSeconds()) + "ns");
    }
    else if (type == "ns3::BooleanValue")
    {
        candidates = {"true", "false"};
    }
    else if (type.compare(0, 14, "ns3::EnumValue") == 0)
    {
        std::istringstream names(info.checker->GetUnderlyingTypeInformation());
        for (std::string n; std::getline(names, n, '|');)
        {
            candidates.push_back(n);
        }
    }
    // Any other kind (a TypeId): the value it was registered with.
    candidates.push_back(info.originalInitialValue->SerializeToString(info.checker));
    if (type == "ns3::TypeIdValue")
    {
        // A profile may pin the registered type itself (Linux-6's TcpCubic,
        // ns-3's default): then a sibling of the same parent.
        TypeId pinned = TypeId::LookupByName(profile);
        for (uint16_t i = 0; i < TypeId::GetRegisteredN(); ++i)
        {
            TypeId t = TypeId::GetRegistered(i);
            if (t != pinned && t.GetParent() == pinned.GetParent() && t.HasConstructor())
            {
                candidates.push_back(t.GetName());
                break;
            }
        }
    }
    for (const std::string& c : candidates)
    {
        Ptr<AttributeValue> value = info.checker->Create();
        if (value->DeserializeFromString(c, info.checker) &&
            value->SerializeToString(info.checker) != profile)
        {
            return value;
        }
    }
    return nullptr;
}

/// @return the type that declares the attribute (tid or a parent of it)
TypeId
DeclaringType(TypeId tid, const std::string& name)
{
    for (TypeId t = tid;; t = t.GetParent())
    {
        for (uint32_t i = 0; i < t.GetAttributeN(); ++i)
        {
            if (t.GetAttribute(i).name == name)
            {
                return t;
            }
        }
        if (t.GetParent() == t)
        {
            return tid;
        }
    }
}

/// The sections, each with the object that shows it.
std::vector<Section>
Sections()
{
    auto socket = [](Ptr<Node> node) -> Ptr<Object> {
        return node->GetObject<TcpHostSocketFactory>()->CreateSocket();
    };
    return {
        {"hostModel",
         &TcpHostProfile::hostModel,
         TcpHostModel::GetTypeId(),
         [](Ptr<Node> n) -> Ptr<Object> { return n->GetObject<TcpHostModel>(); },
         [](TcpHostHelper& h, std::string a, const AttributeValue& v) {
             h.SetHostModelAttribute(a, v);
         }},
        {"socketMemory",
         &TcpHostProfile::socketMemory,
         SocketMemory::GetTypeId(),
         [](Ptr<Node> n) -> Ptr<Object> { return n->GetObject<SocketMemory>(); },
         [](TcpHostHelper& h, std::string a, const AttributeValue& v) {
             h.SetSocketMemoryAttribute(a, v);
         }},
        {"outputStage",
         &TcpHostProfile::outputStage,
         TcpOutputStage::GetTypeId(),
         [](Ptr<Node> n) -> Ptr<Object> { return n->GetObject<TcpOutputStage>(); },
         [](TcpHostHelper& h, std::string a, const AttributeValue& v) {
             h.SetOutputStageAttribute(a, v);
         }},
        {"timeWaitTable",
         &TcpHostProfile::timeWaitTable,
         TimeWaitTable::GetTypeId(),
         [](Ptr<Node> n) -> Ptr<Object> { return n->GetObject<TimeWaitTable>(); },
         [](TcpHostHelper& h, std::string a, const AttributeValue& v) {
             h.SetTimeWaitTableAttribute(a, v);
         }},
        {"listenQueue",
         &TcpHostProfile::listenQueue,
         TcpListenQueue::GetTypeId(),
         [socket](Ptr<Node> n) -> Ptr<Object> {
             Ptr<TcpHostSocket> s = DynamicCast<TcpHostSocket>(socket(n));
             s->Bind(InetSocketAddress(Ipv4Address::GetAny(), 80));
             s->Listen();
             return s->GetListenQueue();
         },
         [](TcpHostHelper& h, std::string a, const AttributeValue& v) {
             h.SetListenQueueAttribute(a, v);
         }},
        {"tcp",
         &TcpHostProfile::tcp,
         TcpL4Protocol::GetTypeId(),
         [](Ptr<Node> n) -> Ptr<Object> { return n->GetObject<TcpL4Protocol>(); },
         [](TcpHostHelper& h, std::string a, const AttributeValue& v) { h.SetTcpAttribute(a, v); }},
        {"socket",
         &TcpHostProfile::socket,
         TcpHostSocket::GetTypeId(),
         socket,
         [](TcpHostHelper& h, std::string a, const AttributeValue& v) {
             h.SetSocketAttribute(a, v);
         }},
    };
}

/// Every attribute of every profile, set by the user both ways.
class ProfilePrecedenceTest : public TestCase
{
  public:
    ProfilePrecedenceTest()
        : TestCase("For every attribute every profile sets, the user's default and the user's "
                   "helper call win over the profile")
    {
    }

  private:
    void DoRun() override
    {
        uint32_t checked = 0;
        for (const std::string& profileName : TcpHostProfile::List())
        {
            const TcpHostProfile& profile = TcpHostProfile::Get(profileName);
            for (const Section& section : Sections())
            {
                for (const auto& [name, value] : profile.*section.settings)
                {
                    Ptr<AttributeValue> user = OtherValue(section.tid, name, *value);
                    NS_TEST_ASSERT_MSG_NE(user,
                                          nullptr,
                                          profileName << " " << name << ": no other value");
                    TypeId::AttributeInformation info;
                    section.tid.LookupAttributeByName(name, &info);
                    std::string expected = user->SerializeToString(info.checker);
                    std::string where = profileName + " " + section.name + " " + name;
                    for (bool asDefault : {true, false})
                    {
                        TcpHostHelper helper;
                        if (asDefault)
                        {
                            std::string full =
                                DeclaringType(section.tid, name).GetName() + "::" + name;
                            Config::SetDefault(full, *user);
                            if (expected ==
                                info.originalInitialValue->SerializeToString(info.checker))
                            {
                                // The registered value itself: seen only as
                                // named (on the command line ProgramInput
                                // notes it; NS_ATTRIBUTE_DEFAULT is read).
                                UserDefaults::Note(full);
                            }
                        }
                        else
                        {
                            section.set(helper, name, *user); // before the profile
                        }
                        helper.SetProfile(profileName);
                        Ptr<Node> node = CreateObject<Node>();
                        helper.Install(node);
                        Ptr<Object> object = section.find(node);
                        NS_TEST_ASSERT_MSG_NE(object, nullptr, where << ": installed");
                        Ptr<AttributeValue> got = info.checker->Create();
                        object->GetAttribute(name, *got);
                        NS_TEST_ASSERT_MSG_EQ(
                            got->SerializeToString(info.checker),
                            expected,
                            where << (asDefault ? " as a default" : " by a helper call")
                                  << " must win over the profile");
                        Config::Reset();
                        UserDefaults::Forget();
                        ++checked;
                    }
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(checked, 40, "every profile's attributes were tried");
        Simulator::Destroy();
    }
};

/// A helper call that contradicts a user's default is refused, not applied in silence.
class ConflictRefusedTest : public TestCase
{
  public:
    ConflictRefusedTest()
        : TestCase("A helper setting against the user's default, an unknown attribute and an "
                   "unknown profile throw std::invalid_argument")
    {
    }

  private:
    void DoRun() override
    {
        Config::SetDefault("ns3::SocketMemory::Limit", UintegerValue(1000));
        TcpHostHelper helper;
        bool threw = false;
        try
        {
            helper.SetSocketMemoryAttribute("Limit", UintegerValue(2000));
        }
        catch (const std::invalid_argument& e)
        {
            threw = std::string(e.what()).find("ns3::SocketMemory::Limit") != std::string::npos;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "2000 against the user's 1000: refused");
        helper.SetSocketMemoryAttribute("Limit", UintegerValue(1000)); // agrees: taken
        Config::Reset();

        threw = false;
        try
        {
            helper.SetTimeWaitTableAttribute("Bogus", UintegerValue(1));
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "an unknown attribute");
        threw = false;
        try
        {
            helper.SetProfile("Linux-7");
        }
        catch (const std::invalid_argument&)
        {
            threw = true;
        }
        NS_TEST_ASSERT_MSG_EQ(threw, true, "an unknown profile");
    }
};

/// The precedence tests.
class TcpHostProfilePrecedenceTestSuite : public TestSuite
{
  public:
    TcpHostProfilePrecedenceTestSuite()
        : TestSuite("tcp-host-profile-precedence", Type::UNIT)
    {
        AddTestCase(new ProfilePrecedenceTest(), Duration::QUICK);
        AddTestCase(new ConflictRefusedTest(), Duration::QUICK);
    }
};

/// Static instance of the suite
TcpHostProfilePrecedenceTestSuite g_tcpHostProfilePrecedenceTestSuite;

} // namespace
