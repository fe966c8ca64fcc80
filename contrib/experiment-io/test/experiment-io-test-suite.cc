/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

// experiment-io: which defaults are the user's (UserDefaults), a program's
// command line refused or taken (ProgramInput), and a result row whose
// header matches its values (CsvRow).

#include "ns3/config.h"
#include "ns3/core-module.h"
#include "ns3/experiment-io-module.h"

#include <cstdlib>
#include <sstream>

using namespace ns3;

namespace
{

/// An object with one attribute, for the defaults' tests.
class DefaultsProbe : public Object
{
  public:
    /// @return the object TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::ExperimentIoDefaultsProbe")
                                .SetParent<Object>()
                                .SetGroupName("ExperimentIo")
                                .AddConstructor<DefaultsProbe>()
                                .AddAttribute("Limit",
                                              "A number.",
                                              UintegerValue(5),
                                              MakeUintegerAccessor(&DefaultsProbe::m_limit),
                                              MakeUintegerChecker<uint32_t>());
        return tid;
    }

  private:
    uint32_t m_limit{5}; //!< The attribute
};

/// A subclass: a default named on the parent is the user's for it too.
class DefaultsProbeChild : public DefaultsProbe
{
  public:
    /// @return the object TypeId
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::ExperimentIoDefaultsProbeChild")
                                .SetParent<DefaultsProbe>()
                                .SetGroupName("ExperimentIo")
                                .AddConstructor<DefaultsProbeChild>();
        return tid;
    }
};

const std::string LIMIT = "ns3::ExperimentIoDefaultsProbe::Limit";

/// UserDefaults sees each way a user sets a default, and nothing else.
class UserDefaultsTest : public TestCase
{
  public:
    UserDefaultsTest()
        : TestCase("UserDefaults: a default changed, noted or named in NS_ATTRIBUTE_DEFAULT is "
                   "the user's, on the type and its subtypes; an untouched one is not")
    {
    }

  private:
    void DoRun() override
    {
        TypeId probe = DefaultsProbe::GetTypeId();
        TypeId child = DefaultsProbeChild::GetTypeId();
        NS_TEST_ASSERT_MSG_EQ(UserDefaults::IsSet(probe, "Limit"), false, "untouched");
        NS_TEST_ASSERT_MSG_EQ(UserDefaults::IsSet(probe, "NoSuch"), false, "no such attribute");

        Config::SetDefault(LIMIT, UintegerValue(7));
        NS_TEST_ASSERT_MSG_EQ(UserDefaults::IsSet(probe, "Limit"), true, "changed");
        NS_TEST_ASSERT_MSG_EQ(UserDefaults::IsSet(child, "Limit"),
                              true,
                              "changed, seen by a subtype");
        Config::SetDefault(LIMIT, UintegerValue(5));
        NS_TEST_ASSERT_MSG_EQ(UserDefaults::IsSet(probe, "Limit"),
                              false,
                              "set back to its registered value, not noted: not seen");

        UserDefaults::Note(LIMIT);
        NS_TEST_ASSERT_MSG_EQ(UserDefaults::IsSet(probe, "Limit"), true, "noted");
        NS_TEST_ASSERT_MSG_EQ(UserDefaults::IsSet(child, "Limit"), true, "noted on the parent");
        UserDefaults::Forget();
        NS_TEST_ASSERT_MSG_EQ(UserDefaults::IsSet(probe, "Limit"), false, "forgotten");

        setenv("NS_ATTRIBUTE_DEFAULT", ("ns3::Other::X=1|" + LIMIT + "=5").c_str(), 1);
        bool named = UserDefaults::IsSet(child, "Limit");
        unsetenv("NS_ATTRIBUTE_DEFAULT");
        NS_TEST_ASSERT_MSG_EQ(named, true, "named in NS_ATTRIBUTE_DEFAULT");
        NS_TEST_ASSERT_MSG_EQ(UserDefaults::IsSet(probe, "Limit"), false, "no longer named");
    }

    void DoTeardown() override
    {
        UserDefaults::Forget();
        Config::Reset();
    }
};

/// ProgramInput refuses what CommandLine would take silently, and notes the user's defaults.
class ProgramInputTest : public TestCase
{
  public:
    ProgramInputTest()
        : TestCase("ProgramInput: a wrapped number, a malformed time, a stray argument and a "
                   "name outside a choice refused; a --ns3::Type::Name noted as the user's")
    {
    }

  private:
    /// @return whether Parse took these arguments (program name first)
    static bool Parses(std::vector<std::string> args, uint32_t& count, std::string& choice)
    {
        std::vector<char*> argv;
        for (std::string& a : args)
        {
            argv.push_back(a.data());
        }
        ProgramInput input("probe", argv.size(), argv.data());
        input.Add("count", "a count", count);
        input.Choice("kind", "a kind", choice, {"a", "b"});
        return input.Parse();
    }

    void DoRun() override
    {
        NS_TEST_ASSERT_MSG_NE(ProgramInput::UnsignedProblem("-1", 10), "", "negative");
        NS_TEST_ASSERT_MSG_NE(ProgramInput::UnsignedProblem("11", 10), "", "too large");
        NS_TEST_ASSERT_MSG_EQ(ProgramInput::UnsignedProblem("10", 10), "", "the largest");
        NS_TEST_ASSERT_MSG_NE(ProgramInput::TimeProblem("5x"), "", "no such unit");
        NS_TEST_ASSERT_MSG_EQ(ProgramInput::TimeProblem("70ms"), "", "a time");

        uint32_t count = 3;
        std::string choice = "a";
        NS_TEST_ASSERT_MSG_EQ(Parses({"probe", "--count=-1"}, count, choice), false, "wraps");
        NS_TEST_ASSERT_MSG_EQ(count, 3, "a refused value leaves the variable alone");
        NS_TEST_ASSERT_MSG_EQ(Parses({"probe", "stray"}, count, choice), false, "stray argument");
        NS_TEST_ASSERT_MSG_EQ(Parses({"probe", "--kind=c"}, count, choice), false, "not a choice");
        NS_TEST_ASSERT_MSG_EQ(Parses({"probe", "--count=9", "--kind=b"}, count, choice),
                              true,
                              "good values");
        NS_TEST_ASSERT_MSG_EQ(count, 9, "taken");
        NS_TEST_ASSERT_MSG_EQ(choice, "b", "taken");

        DefaultsProbe::GetTypeId(); // registered, so that CommandLine knows it
        NS_TEST_ASSERT_MSG_EQ(Parses({"probe", "--" + LIMIT + "=5"}, count, choice),
                              true,
                              "an attribute default at its registered value");
        NS_TEST_ASSERT_MSG_EQ(UserDefaults::IsSet(DefaultsProbe::GetTypeId(), "Limit"),
                              true,
                              "named on the command line: the user's");
    }

    void DoTeardown() override
    {
        UserDefaults::Forget();
        Config::Reset();
    }
};

/// CsvRow's header names each value's column, in order, in its format.
class CsvRowTest : public TestCase
{
  public:
    CsvRowTest()
        : TestCase("CsvRow: the header names the values in order; fixed and significant digits")
    {
    }

  private:
    void DoRun() override
    {
        CsvRow fixed = CsvRow::Fixed(2);
        fixed.Add("run", 3).Add("rate", 2.0 / 3).Add("ok", true);
        NS_TEST_ASSERT_MSG_EQ(fixed.Header(), "run,rate,ok", "header");
        NS_TEST_ASSERT_MSG_EQ(fixed.Values(), "3,0.67,1", "values");
        std::ostringstream out;
        fixed.Print(out, true);
        NS_TEST_ASSERT_MSG_EQ(out.str(), "run,rate,ok\n3,0.67,1\n", "printed with its header");

        CsvRow significant = CsvRow::Significant(3);
        significant.Add("x", 1234.5678).Add("y", 0.000123456);
        NS_TEST_ASSERT_MSG_EQ(significant.Values(), "1.23e+03,0.000123", "significant digits");
    }
};

/// The suite.
class ExperimentIoTestSuite : public TestSuite
{
  public:
    ExperimentIoTestSuite()
        : TestSuite("experiment-io", Type::UNIT)
    {
        AddTestCase(new UserDefaultsTest(), Duration::QUICK);
        AddTestCase(new ProgramInputTest(), Duration::QUICK);
        AddTestCase(new CsvRowTest(), Duration::QUICK);
    }
};

/// Static instance.
ExperimentIoTestSuite g_experimentIoTestSuite;

} // namespace
