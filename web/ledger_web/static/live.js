// The live connection: one per browser, however many of its tabs show the campaign.
//
// One tab leads: it holds the EventSource of /events and passes each head, and whether the
// host answers, to the other tabs on a BroadcastChannel. The leader is the holder of a Web
// Lock (the next tab waiting takes over when it closes); where there is no Web Locks API (a
// page served over plain http to another device is not a "secure context"), the leader beats
// on the channel every second and a tab that hears no beat for 2.5 s takes over (of two
// leaders, a hidden one or else the one with the larger id steps down). A browser keeps at most 6 connections to a
// host: one EventSource per tab would freeze the sixth tab.
//
// Each tab: body[data-seq] is the last head announced; a new one dispatches "ledger:changed"
// (detail {campaign, seq}) on <body>. The banner #connection says when the host is
// unreachable ("reconnecting…") and when it is back.
(function () {
  "use strict";
  var body = document.body;
  if (!body.dataset.live || !window.EventSource) return;
  var NAME = "ledger-live", BEAT = 1000, SILENCE = 2500;
  var channel = window.BroadcastChannel ? new BroadcastChannel(NAME) : null;
  var id = Date.now().toString(36) + Math.random().toString(36).slice(2);
  var leading = false, source = null, lastBeat = Date.now();
  var known = { head: null, state: "connecting" };

  // --- what every tab does with what the leader hears
  function deliver(message) {
    if (message.head) {
      known.head = message.head;
      var seen = body.dataset.seq, seq = String(message.head.seq);
      body.dataset.seq = seq;
      if (seen !== undefined && seen !== seq) {
        body.dispatchEvent(new CustomEvent("ledger:changed", { detail: message.head, bubbles: true }));
      }
    }
    if (message.state) show(message.state);
  }

  var banner = document.getElementById("connection"), wasDown = false, hideLater = null;
  function show(state) {
    if (known.state === state && state !== "down") return;
    known.state = state;
    body.dataset.connection = state;
    if (!banner) return;
    clearTimeout(hideLater);
    if (state === "down") {
      wasDown = true;
      banner.className = "connection down";
      banner.textContent = banner.dataset.down ||
        "Host unreachable, reconnecting… Nothing you tap is recorded until it is back.";
      banner.hidden = false;
    } else if (state === "up" && wasDown) {
      wasDown = false;
      banner.className = "connection up";
      banner.textContent = banner.dataset.up || "Connected to the host again.";
      banner.hidden = false;
      hideLater = setTimeout(function () { banner.hidden = true; }, 3000);
      body.dispatchEvent(new CustomEvent("ledger:reconnected", { bubbles: true }));
    }
  }
  // A tap that found the host gone says so at once (app.js), before the EventSource notices.
  window.ledgerConnection = function (state) { tell({ state: state }); };

  function tell(message) {
    deliver(message);
    if (channel && leading) channel.postMessage(message);
  }

  // --- the leader's EventSource
  function open() {
    if (source) return;
    source = new EventSource(body.dataset.live);
    source.addEventListener("head", function (event) {
      tell({ head: JSON.parse(event.data), state: "up" });
    });
    source.onopen = function () { tell({ state: "up" }); };
    source.onerror = function () {
      tell({ state: "down" });
      if (source && source.readyState === EventSource.CLOSED) {
        // An answer that was not an event stream (the host restarting): open it again.
        source.close(); source = null;
        setTimeout(function () { if (leading) open(); }, BEAT);
      }
    };
  }

  function lead() {
    if (leading) return;
    leading = true;
    body.dataset.liveLeader = "1";
    open();
  }

  function stepDown() {
    leading = false;
    delete body.dataset.liveLeader;
    if (source) { source.close(); source = null; }
  }

  if (!channel) { lead(); return; }

  channel.onmessage = function (event) {
    var message = event.data || {};
    if (message.hello) {
      if (leading) channel.postMessage({ head: known.head, state: known.state });
    } else if (message.beat) {
      lastBeat = Date.now();
      // Two leaders: a hidden tab gives way to a visible one (a hidden tab's timers may be
      // slowed to a beat a minute), else the larger id to the smaller.
      var mine = !document.hidden;
      if (leading && (message.visible && !mine || message.visible === mine && message.beat < id)) stepDown();
    } else if (message.bye) {
      lastBeat = 0;
    } else if (!leading) {
      deliver(message);
    }
  };

  if (navigator.locks && navigator.locks.request) {
    navigator.locks.request(NAME, function () {
      lead();
      return new Promise(function () {}); // held until this tab closes
    });
  } else {
    setInterval(function () {
      if (!leading && Date.now() - lastBeat > SILENCE) lead();
      if (leading) channel.postMessage({ beat: id, visible: !document.hidden });
    }, BEAT);
    window.addEventListener("pagehide", function () {
      if (leading) channel.postMessage({ bye: id });
    });
  }
  channel.postMessage({ hello: id });
})();
