#!/bin/sh
# A defaults file as google/packetdrill's common/defaults.sh: the runner
# reads its sysctls for sysctl-defaults.pkt (timestamps and SACK off; F-RTO,
# which the model does not have, is listed as not modelled)
sysctl -q net.ipv4.tcp_timestamps=0
sysctl -q net.ipv4.tcp_sack=0
sysctl -q net.ipv4.tcp_frto=2
