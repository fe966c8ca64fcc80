/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "packet-loss.h"

#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/error-model.h"
#include "ns3/pointer.h"

namespace ns3
{

int64_t
AddPacketLoss(Ptr<NetDevice> device, double rate, int64_t stream)
{
    Ptr<RateErrorModel> errors = CreateObject<RateErrorModel>();
    errors->SetAttribute("ErrorUnit", EnumValue(RateErrorModel::ERROR_UNIT_PACKET));
    errors->SetAttribute("ErrorRate", DoubleValue(rate));
    int64_t used = errors->AssignStreams(stream);
    device->SetAttribute("ReceiveErrorModel", PointerValue(errors));
    return used;
}

} // namespace ns3
