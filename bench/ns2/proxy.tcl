# The proxy experiment of scratch/proxy-buffer-proxy.cc (scheme 1) in ns-2,
# with its webcache agents (Http/Client, Http/Cache, Http/Server over
# FullTcp), for a wall-time comparison (bench/bench-ns2-proxy.py).
#
#   ns bench/ns2/proxy.tcl [clients 500] [duration 300] [seed 1] [nmax 200, 0: none]
#
# Topology and workload, as in contrib/proxy-buffer/helper/proxy-experiment.cc:
# N clients -> one proxy (an Http/Cache) -> 50 origins (Http/Server); every
# link 100 Mb/s duplex, delays uniform in 10-100 ms (client links) and
# 10-200 ms (origin links); client i's and origin k's links lose packets
# (ErrorModel, per packet, both directions) at rate i % 5 (k % 5) of
# 0.0001, 0.0005, 0.001, 0.005, 0.01. Client i starts at i/N s and keeps
# one persistent connection to the proxy; it asks for a random document of
# a random origin, and after the response pauses a Pareto gap (shape 1.5,
# mean 3 s). 2000 SURGE documents: log-normal body (mu 9.357, sigma 1.318,
# redrawn at >= 133 KB), Pareto tail (alpha 1.1, from 133 KB) with
# probability 0.07. The proxy answers a request from its cache with
# probability 0.5, else on an idle persistent connection to the origin (the
# most recently idle), or a new one. At most nmax connections at the proxy,
# both sides counted (scheme 1's Nmax): a client that finds them all taken
# is refused, a miss that finds no idle upstream connection and no room is
# answered 503. Proxy TCP: 16 KB fixed buffers = window_ of 11 segments of
# 1448 bytes on the proxy's sending side and on the origins' (which the
# proxy's 16 KB receive buffer bounds).
#
# Output, one CSV header and one row:
#   requests      responses (200) clients received in full
#   mean_response_s  their mean time from request sent to response received
#   bytes_moved   bytes_to_clients + bytes_from_origins (ns-3's bytes_moved)
#   bytes_to_clients    response bytes clients received in full (200 and 503)
#   bytes_from_origins  response bytes the proxy received in full from origins
#   hits, misses, unavailable (503s), refused (clients), upstream (opened),
#   pending (requests unanswered at the end)
#
# Deviations from the ns-3 scenario (what ns-2's agents cannot do, or do
# otherwise):
# - Http/Cache is store-and-forward: it sends a miss's response to the
#   client after the whole page came from the origin (ns-3 relays it byte
#   for byte, the client's window slowing the origin).
# - Hit ratio: Http/Cache hits only pages it holds; here every request names
#   a new page id (<origin>:<n>) and the proxy's get-request flips the 0.5
#   coin itself (a hit: the page entered in its pool and answered by
#   Http/Cache's cache-hit path). No cache replacement, as in ns-3.
# - Admission: ns-2 has no listen backlog or refusal; the script counts
#   connections itself. A refused client never connects (ns-3's retries its
#   SYN at 3, 6, 12 ... s, a few packets, and is never admitted either,
#   since no connection closes in scheme 1). Admission is decided when the
#   client starts, not when its SYN arrives.
# - One Http agent pair has one connection: the proxy's upstream pool is one
#   extra Http/Server agent on the origin's node per connection (the page id
#   keeps naming the origin's first agent).
# - Sizes count payload only (no HTTP heads; requests 43 bytes, 503s 100).
#   Messages count when complete (ns-3 counts socket bytes as sent and
#   received, so partial transfers at the end count there).
# - TCP: FullTcp/Sack, Reno with SACK (ns-3: its default congestion control,
#   SACK on); initial window 10, delayed ACK every 2nd segment or 200 ms
#   (ns-3's defaults); no TIME_WAIT (ns-3: MSL 0.5 s); DropTail queues of
#   100 packets (ns-3's point-to-point default). ns-3's clients and origins
#   keep its default 128 KB buffers; FullTcp advertises no receive window,
#   so here only window_ (the proxy's 16 KB) bounds what is in flight.
# - mean_response_s runs from the request's sending (ns-3: from when it was
#   due, refused connection attempts included).
# - ns-2's static routing builds all-pairs tables: about N^2 start-up.
# - The document set and all draws come from ns-2's RNG (seed), not ns-3's
#   streams: same distributions, other documents. With a Pareto tail of
#   alpha 1.1 the set's mean size varies much between seeds, so bytes moved
#   differ between the two simulators by more than the model does.
# - Documents over 2^31-1 bytes are cut there (ns-2 sends an int of bytes).

set clients  [expr {$argc > 0 ? [lindex $argv 0] : 500}]
set duration [expr {$argc > 1 ? [lindex $argv 1] : 300}]
set seed     [expr {$argc > 2 ? [lindex $argv 2] : 1}]
set nmax     [expr {$argc > 3 ? [lindex $argv 3] : 200}]  ;# 0: no limit
if {$nmax <= 0} { set nmax 1e18 }
set servers 50
set documents 2000
set hitRatio 0.5
set losses {0.0001 0.0005 0.001 0.005 0.01}

global defaultRNG
$defaultRNG seed $seed
set ns [new Simulator]

# TCP: 1448-byte segments, the proxy's 16 KB = 11 segments in flight.
Http set TRANSPORT_ FullTcp/Sack
Agent/TCP/FullTcp set segsize_ 1448
Agent/TCP/FullTcp set segsperack_ 2
Agent/TCP/FullTcp set interval_ 0.2
Agent/TCP set windowInit_ 10
Agent/TCP set window_ 11  ;# listening (sending) sides; Http connect sets 100
Queue set limit_ 100

proc uniform {min max} {
    set rv [new RandomVariable/Uniform]
    $rv set min_ $min
    $rv set max_ $max
    return $rv
}
set pick [uniform 0 1]

# SURGE documents (MakeSurgeDocuments).
set body [new RandomVariable/LogNormal]
$body set avg_ 9.357
$body set std_ 1.318
set tail [new RandomVariable/Pareto]
$tail set shape_ 1.1
$tail set avg_ [expr {133000 * 1.1 / 0.1}]  ;# scale 133000
for {set d 0} {$d < $documents} {incr d} {
    if {[$pick value] < 0.07} {
        set s [$tail value]
    } else {
        while {[set s [$body value]] >= 133000} {}
    }
    lappend docSize [expr {max(1, min(2147483647, round($s)))}]
}
proc random-document {} {
    global pick docSize documents
    return [lindex $docSize [expr {int([$pick value] * $documents)}]]
}

# Every request is a new page <origin>:<n>; its size is drawn when asked.
set nextPage 0
Class PagePool/Bench -superclass PagePool/Math
PagePool/Bench instproc gen-init-modtime {id} { return -1 }  ;# never modified
PagePool/Bench instproc gen-size {id} {
    global pageSize
    return $pageSize($id)
}
set pool [new PagePool/Bench]

set stat(requests) 0
set stat(response_s) 0.0
foreach k {bytes_to_clients bytes_from_origins hits misses unavailable refused upstream} {
    set stat($k) 0
}
set conns 0

# Clients: one request at a time, the next a Pareto gap after the response.
Class Http/Client/Bench -superclass Http/Client
Http/Client/Bench instproc mark-request {pageid} {}  ;# nam marks: none
Http/Client/Bench instproc next-request {} {
    global origin servers pick nextPage pageSize
    $self instvar cache_
    set n [incr nextPage]
    set pageSize($n) [random-document]
    set o [lindex $origin(0) [expr {int([$pick value] * $servers)}]]
    $self send-request $cache_ GET $o:$n
}
Http/Client/Bench instproc pending {} {
    $self instvar pending_
    return [array size pending_]
}
Http/Client/Bench instproc get-response-GET {server pageid args} {
    global stat pageSize
    $self instvar pending_ ns_ gap_
    array set data $args
    set sent [lindex $pending_($pageid) 0]
    unset pending_($pageid)
    unset pageSize([lindex [split $pageid :] 1])
    incr stat(bytes_to_clients) $data(size)
    if {$data(status) == 200} {
        incr stat(requests)
        set stat(response_s) [expr {$stat(response_s) + [$ns_ now] - $sent}]
    }
    $ns_ at [expr {[$ns_ now] + [$gap_ value]}] "$self next-request"
}

# The proxy: a coin for hits, a pool of persistent upstream connections.
Class Http/Cache/Bench -superclass Http/Cache
Http/Cache/Bench instproc get-request {cl type pageid args} {
    global pick hitRatio stat conns nmax origin ns pool pageSize
    $self instvar client_ idle_
    if {[$pick value] < $hitRatio} {
        incr stat(hits)
        set n [lindex [split $pageid :] 1]
        $self enter-page $pageid size $pageSize($n) age -1 modtime -1
        $self cache-hit $cl $type $pageid  ;# -> answer-request-GET
        return  ;# (Http has no remove-page: pages stay in the pools)
    }
    incr stat(misses)
    set o [lindex [split $pageid :] 0]
    if {[llength $idle_($o)] > 0} {
        set up [lindex $idle_($o) end]
        set idle_($o) [lrange $idle_($o) 0 end-1]
    } elseif {$conns < $nmax} {
        incr conns
        incr stat(upstream)
        set up [new Http/Server/Bench $ns [$o set node_]]
        $up set-page-generator $pool
        $self connect $up
    } else {
        incr stat(unavailable)
        $self send $cl 100 "$cl get-response-GET $self $pageid size 100 status 503"
        return
    }
    set client_($pageid) $cl
    $self send $up [Http set REQSize_] "$up get-request $self GET $pageid size [Http set REQSize_]"
}
Http/Cache/Bench instproc answer-request-GET {cl pageid args} {
    array set data $args
    $self send $cl $data(size) "$cl get-response-GET $self $pageid size $data(size) status 200"
}
Http/Cache/Bench instproc get-response-GET {server pageid args} {
    global stat
    $self instvar client_ idle_
    array set data $args
    incr stat(bytes_from_origins) $data(size)
    lappend idle_([lindex [split $pageid :] 0]) $server
    set cl $client_($pageid)
    unset client_($pageid)
    $self answer-request-GET $cl $pageid size $data(size)
}
# Origins forget a page once served (pages are never asked again).
Class Http/Server/Bench -superclass Http/Server
Http/Server/Bench instproc get-request {client type pageid args} {
    eval $self next $client $type $pageid $args
    $self instvar modtimes_ modseq_
    unset modtimes_($pageid:0) modseq_($pageid)
}

# Topology.
proc link {a b delay loss} {
    global ns
    $ns duplex-link $a $b 100Mb $delay DropTail
    foreach {x y} [list $a $b $b $a] {
        set em [new ErrorModel]
        $em unit pkt
        $em set rate_ $loss
        $em ranvar [uniform 0 1]
        $em drop-target [new Agent/Null]
        $ns lossmodel $em $x $y
    }
}
set proxyNode [$ns node]
set cache [new Http/Cache/Bench $ns $proxyNode]
set serverDelay [uniform 0.010 0.200]
for {set k 0} {$k < $servers} {incr k} {
    set node [$ns node]
    link $proxyNode $node [$serverDelay value] [lindex $losses [expr {$k % 5}]]
    set s [new Http/Server/Bench $ns $node]
    $s set-page-generator $pool
    lappend origin(0) $s
    $cache set idle_($s) {}
}
set clientDelay [uniform 0.010 0.100]
for {set i 0} {$i < $clients} {incr i} {
    set node [$ns node]
    link $node $proxyNode [$clientDelay value] [lindex $losses [expr {$i % 5}]]
    set c [new Http/Client/Bench $ns $node]
    set gap [new RandomVariable/Pareto]
    $gap set shape_ 1.5
    $gap set avg_ 3
    $c set gap_ $gap
    lappend clientList $c
    $ns at [expr {double($i) / $clients}] "start-client $c"
}

proc start-client {c} {
    global conns nmax stat cache
    if {$conns >= $nmax} {
        incr stat(refused)
        return
    }
    incr conns
    $c connect $cache
    $c set cache_ $cache
    $c next-request
}

proc finish {} {
    global clients duration seed stat clientList
    set pending 0
    foreach c $clientList {
        if {[$c pending] > 0} { incr pending }
    }
    puts "clients,duration,seed,requests,mean_response_s,bytes_moved,bytes_to_clients,bytes_from_origins,hits,misses,unavailable,refused,upstream,pending"
    set mean [expr {$stat(requests) ? $stat(response_s) / $stat(requests) : 0}]
    puts [join [list $clients $duration $seed $stat(requests) [format %.6g $mean] \
        [expr {$stat(bytes_to_clients) + $stat(bytes_from_origins)}] \
        $stat(bytes_to_clients) $stat(bytes_from_origins) $stat(hits) $stat(misses) \
        $stat(unavailable) $stat(refused) $stat(upstream) $pending] ,]
    exit 0
}
$ns at $duration "finish"
$ns run
