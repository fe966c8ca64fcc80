/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "seed-002-traces.h"

#include "ns3/abort.h"

#include <map>

namespace ns3
{

namespace
{

/// The page's traces, line for line (seed 002, "Solaris tcp_slow_start_initial",
/// 20.09.98). In Figures 2.1 and 2.2 the page prints the server's ACK of the
/// client's FIN (its line 20) 24 to 28 us before the FIN (its line 21), a
/// capture artefact: those two lines are transcribed in causal order.
const std::map<std::string, std::string>&
Traces()
{
    static const std::map<std::string, std::string> traces = {
        {"2.1",
         R"(1: 0.000000 client.1469 > server.www: S ...:...(0) win 61440 <mss 1460>
2: 0.000250 server.www > client.1469: S ...:...(0) ack ... win 33580 <mss 1460>
3: 0.000909 client.1469 > server.www: . ack 1 win 61320
4: 0.002138 client.1469 > server.www: P 1:28(27) ack 1 win 61320
5: 0.004606 server.www > client.1469: P 1:1461(1460) ack 28 win 33580
6: 0.038097 client.1469 > server.www: . ack 1461 win 61320
7: 0.038186 server.www > client.1469: . 1461:2921(1460) ack 28 win 33580
8: 0.038253 server.www > client.1469: . 2921:4097(1176) ack 28 win 33580
9: 0.238699 client.1469 > server.www: . ack 4097 win 61320
10: 0.238731 server.www > client.1469: . 4097:5557(1460) ack 28 win 33580
11: 0.238820 server.www > client.1469: . 5557:7017(1460) ack 28 win 33580
12: 0.238889 server.www > client.1469: . 7017:8449(1432) ack 28 win 33580
13: 0.256021 client.1469 > server.www: . ack 8449 win 60040
14: 0.256104 server.www > client.1469: . 8449:9909(1460) ack 28 win 33580
15: 0.256167 server.www > client.1469: . 9909:11369(1460) ack 28 win 33580
16: 0.256230 server.www > client.1469: . 11369:12829(1460) ack 28 win 33580
17: 0.256285 server.www > client.1469: F 12829:13550(721) ack 28 win 33580
18: 0.261071 client.1469 > server.www: . ack 11369 win 60448
19: 0.261424 client.1469 > server.www: . ack 13551 win 59139
21: 0.262662 client.1469 > server.www: F 28:28(0) ack 13551 win 61320
20: 0.262634 server.www > client.1469: . ack 29 win 33580)"},
        {"2.2",
         R"(1: 0.000000 client.1472 > server.www: S ...:...(0) win 61440 <mss 1460>
2: 0.000292 server.www > client.1472: S ...:...(0) ack ... win 33580 <mss 1460>
3: 0.000933 client.1472 > server.www: . ack 1 win 61320
4: 0.001453 client.1472 > server.www: P 1:28(27) ack 1 win 61320
5: 0.004541 server.www > client.1472: P 1:1461(1460) ack 28 win 33580
6: 0.004659 server.www > client.1472: P 1461:2921(1460) ack 28 win 33580
7: 0.008695 client.1472 > server.www: . ack 2921 win 61320
8: 0.008744 server.www > client.1472: . 2921:4097(1176) ack 28 win 33580
9: 0.008846 server.www > client.1472: . 4097:5557(1460) ack 28 win 33580
10: 0.008908 server.www > client.1472: . 5557:7017(1460) ack 28 win 33580
11: 0.013305 client.1472 > server.www: . ack 7017 win 60884
12: 0.013329 server.www > client.1472: . 7017:8449(1432) ack 28 win 33580
13: 0.013377 server.www > client.1472: . 8449:9909(1460) ack 28 win 33580
14: 0.013447 server.www > client.1472: . 9909:11369(1460) ack 28 win 33580
15: 0.013514 server.www > client.1472: . 11369:12829(1460) ack 28 win 33580
16: 0.018901 client.1472 > server.www: . ack 9909 win 61320
17: 0.018961 server.www > client.1472: FP 12829:13550(721) ack 28 win 33580
18: 0.019976 client.1472 > server.www: . ack 12829 win 61320
19: 0.020307 client.1472 > server.www: . ack 13551 win 60599
21: 0.021100 client.1472 > server.www: F 28:28(0) ack 13551 win 61320
20: 0.021076 server.www > client.1472: . ack 29 win 33580)"},
        {"3.1",
         R"(1:0.0000 client.8381 > server.www: S ...:...(0) win 33580 <mss 1460>
2:0.0003 server.www > client.8381: S ...:...(0) ack ... win 33580 <mss 1460>
3:0.0008 client.8381 > server.www: . ack 1 win 33580
4:0.0011 client.8381 > server.www: P 1:28(27) ack 1 win 33580
5:0.0045 server.www > client.8381: P 1:1461(1460) ack 28 win 33580
6:0.0051 client.8381 > server.www: . ack 1461 win 33580
7:0.0052 server.www > client.8381: . 1461:2921(1460) ack 28 win 33580
8:0.0053 server.www > client.8381: P 2921:4097(1176) ack 28 win 33580
9:0.0059 client.8381 > server.www: . ack 2921 win 33580
10:0.0060 server.www > client.8381: . 4097:5557(1460) ack 28 win 33580
11:0.0061 server.www > client.8381: . 5557:7017(1460) ack 28 win 33580
12:0.1980 client.8381 > server.www: . ack 7017 win 33580
13:0.1981 server.www > client.8381: . 7017:8449(1432) ack 28 win 33580
14:0.1982 server.www > client.8381: . 8449:9909(1460) ack 28 win 33580
15:0.1983 server.www > client.8381: . 9909:11369(1460) ack 28 win 33580
16:0.1983 server.www > client.8381: . 11369:12829(1460) ack 28 win 33580
17:0.3980 client.8381 > server.www: . ack 12829 win 33580
18:0.3981 server.www > client.8381: FP 12829:13550(721) ack 28 win 33580
19:0.3986 client.8381 > server.www: . ack 13551 win 33580
20:0.3989 client.8381 > server.www: F 28:28(0) ack 13551 win 33580
21:0.3990 server.www > client.8381: . ack 29 win 33580)"},
        {"3.2",
         R"(1:0.0000 client.8384 > server.www: S ...:...(0) win 33580 <mss 1460>
2:0.0003 server.www > client.8384: S ...:...(0) ack ... win 33580 <mss 1460>
3:0.0007 client.8384 > server.www: . ack 1 win 33580
4:0.0011 client.8384 > server.www: P 1:28(27) ack 1 win 33580
5:0.0045 server.www > client.8384: P 1:1461(1460) ack 28 win 33580
6:0.0052 client.8384 > server.www: . ack 1461 win 33580
7:0.0053 server.www > client.8384: . 1461:2921(1460) ack 28 win 33580
8:0.0054 server.www > client.8384: P 2921:4097(1176) ack 28 win 33580
9:0.0060 client.8384 > server.www: . ack 2921 win 33580
10:0.0061 server.www > client.8384: . 4097:5557(1460) ack 28 win 33580
11:0.0062 server.www > client.8384: . 5557:7017(1460) ack 28 win 33580
12:0.2002 client.8384 > server.www: . ack 7017 win 33580
13:0.2003 server.www > client.8384: . 7017:8449(1432) ack 28 win 33580
14:0.2004 server.www > client.8384: . 8449:9909(1460) ack 28 win 33580
15:0.2004 server.www > client.8384: . 9909:11369(1460) ack 28 win 33580
16:0.2005 server.www > client.8384: . 11369:12829(1460) ack 28 win 33580
17:0.4001 client.8384 > server.www: . ack 12829 win 33580
18:0.4002 server.www > client.8384: FP 12829:13550(721) ack 28 win 33580
19:0.4007 client.8384 > server.www: . ack 13551 win 33580
20:0.4010 client.8384 > server.www: F 28:28(0) ack 13551 win 33580
21:0.4011 server.www > client.8384: . ack 29 win 33580)"},
        {"3.3",
         R"(1:0.0000 client.8388 > server.www: S ...:...(0) win 33580 <mss 1460>
2:0.0004 server.www > client.8388: S ...:...(0) ack ... win 33580 <mss 1460>
3:0.0009 client.8388 > server.www: . ack 1 win 33580
4:0.0011 client.8388 > server.www: P 1:28(27) ack 1 win 33580
5:0.0047 server.www > client.8388: P 1:1461(1460) ack 28 win 33580
6:0.0048 server.www > client.8388: P 1461:2921(1460) ack 28 win 33580
7:0.0053 client.8388 > server.www: . ack 1461 win 33580
8:0.0055 server.www > client.8388: . 2921:4097(1176) ack 28 win 33580
9:0.0056 server.www > client.8388: . 4097:5557(1460) ack 28 win 33580
10:0.0056 client.8388 > server.www: . ack 2921 win 33580
11:0.0058 server.www > client.8388: . 5557:7017(1460) ack 28 win 33580
12:0.0058 server.www > client.8388: . 7017:8449(1432) ack 28 win 33580
13:0.2009 client.8388 > server.www: . ack 7017 win 33580
14:0.2010 server.www > client.8388: . 8449:9909(1460) ack 28 win 33580
15:0.2011 server.www > client.8388: . 9909:11369(1460) ack 28 win 33580
16:0.2012 server.www > client.8388: . 11369:12829(1460) ack 28 win 33580
17:0.2013 server.www > client.8388: F 12829:13550(721) ack 28 win 33580
18:0.2022 client.8388 > server.www: . ack 12829 win 33580
19:0.2024 client.8388 > server.www: . ack 13551 win 33580
20:0.2027 client.8388 > server.www: F 28:28(0) ack 13551 win 33580
21:0.2029 server.www > client.8388: . ack 29 win 33580)"},
        {"3.4",
         R"(1:0.0000 client.8387 > server.www: S ...:...(0) win 33580 <mss 1460>
2:0.0003 server.www > client.8387: S ...:...(0) ack ... win 33580 <mss 1460>
3:0.0008 client.8387 > server.www: . ack 1 win 33580
4:0.0010 client.8387 > server.www: P 1:28(27) ack 1 win 33580
5:0.0043 server.www > client.8387: P 1:1461(1460) ack 28 win 33580
6:0.0045 server.www > client.8387: P 1461:2921(1460) ack 28 win 33580
7:0.0050 client.8387 > server.www: . ack 1461 win 33580
8:0.0051 server.www > client.8387: . 2921:4097(1176) ack 28 win 33580
9:0.0052 server.www > client.8387: . 4097:5557(1460) ack 28 win 33580
10:0.0053 client.8387 > server.www: . ack 2921 win 33580
11:0.0054 server.www > client.8387: . 5557:7017(1460) ack 28 win 33580
12:0.0055 server.www > client.8387: . 7017:8449(1432) ack 28 win 33580
13:0.2019 client.8387 > server.www: . ack 7017 win 33580
14:0.2020 server.www > client.8387: . 8449:9909(1460) ack 28 win 33580
15:0.2021 server.www > client.8387: . 9909:11369(1460) ack 28 win 33580
16:0.2021 server.www > client.8387: . 11369:12829(1460) ack 28 win 33580
17:0.2022 server.www > client.8387: F 12829:13550(721) ack 28 win 33580
18:0.2032 client.8387 > server.www: . ack 12829 win 33580
19:0.2034 client.8387 > server.www: . ack 13551 win 33580
20:0.2037 client.8387 > server.www: F 28:28(0) ack 13551 win 33580
21:0.2037 server.www > client.8387: . ack 29 win 33580)"},
        {"3.5",
         R"(1:0.0000 client.8391 > server.www: S ...:...(0) win 33580 <mss 1460>
2:0.0003 server.www > client.8391: S ...:...(0) ack ... win 33580 <mss 1460>
3:0.0005 client.8391 > server.www: . ack 1 win 33580
4:0.0008 client.8391 > server.www: P 1:28(27) ack 1 win 33580
5:0.0041 server.www > client.8391: P 1:1461(1460) ack 28 win 33580
6:0.0042 server.www > client.8391: P 1461:2921(1460) ack 28 win 33580
7:0.0048 client.8391 > server.www: . ack 1461 win 33580
8:0.0048 server.www > client.8391: . 2921:4097(1176) ack 28 win 33580
9:0.0049 server.www > client.8391: . 4097:5557(1460) ack 28 win 33580
10:0.0049 client.8391 > server.www: . ack 2921 win 33580
11:0.0051 server.www > client.8391: . 5557:7017(1460) ack 28 win 33580
12:0.0051 server.www > client.8391: . 7017:8449(1432) ack 28 win 33580
13:0.0058 client.8391 > server.www: . ack 7017 win 33580
14:0.0059 server.www > client.8391: . 8449:9909(1460) ack 28 win 33580
15:0.0059 server.www > client.8391: . 9909:11369(1460) ack 28 win 33580
16:0.0060 server.www > client.8391: . 11369:12829(1460) ack 28 win 33580
17:0.0060 server.www > client.8391: P 12829:13550(721) ack 28 win 33580
18:0.0063 server.www > client.8391: F 13550:13550(0) ack 28 win 33580
19:0.0067 client.8391 > server.www: . ack 12829 win 33580
20:0.0068 client.8391 > server.www: . ack 13551 win 33580
21:0.0074 client.8391 > server.www: F 28:28(0) ack 13551 win 33580
22:0.0075 server.www > client.8391: . ack 29 win 33580)"},
    };
    return traces;
}

} // namespace

const std::string&
Seed002Trace(const std::string& figure)
{
    auto it = Traces().find(figure);
    NS_ABORT_MSG_IF(it == Traces().end(), "Seed002Trace: no figure '" << figure << "'");
    return it->second;
}

std::vector<std::string>
Seed002Figures()
{
    std::vector<std::string> figures;
    for (const auto& [figure, trace] : Traces())
    {
        figures.push_back(figure);
    }
    return figures;
}

} // namespace ns3
