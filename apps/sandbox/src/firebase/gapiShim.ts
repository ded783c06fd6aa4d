/**
 * A stand-in for the two parts of Google's `gapi.iframes` that Firebase Auth's popup and redirect
 * sign-in use, so that they work against the emulator offline (docs/sandbox.md "Firebase"): the
 * web page opens the emulator's helper iframe and exchanges named messages with it
 * (`context.open`, `iframe.ping/register/send/restyle`), and the helper iframe talks back to its
 * parent (`getContext().getParentIframe()`). One script serves both sides, over `postMessage`
 * with the peer window checked. Served by the relay at {@link GAPI_SHIM_PATH}; real Firebase keeps
 * Google's script.
 */

/** Where the relay serves the script. */
export const GAPI_SHIM_PATH = '/__stream/gapi-iframes.js';

/** The script (plain ES5-compatible JavaScript, no dependencies). */
export const GAPI_SHIM_JS = String.raw`(function () {
  if (window.gapi && window.gapi.iframes && window.gapi.iframes.Iframe) return;
  var TAG = '__streamGapi';
  var nextId = 1;
  function Channel(peer) {
    this.peer = peer; this.handlers = {}; this.queue = {}; this.replies = {};
    this.readyCallbacks = []; this.ready = false;
  }
  Channel.prototype.post = function (msg) { msg[TAG] = true; this.peer().postMessage(msg, '*'); };
  Channel.prototype.receive = function (msg) {
    var self = this;
    if (msg.kind === 'ready') {
      if (!self.ready) { self.ready = true; self.readyCallbacks.splice(0).forEach(function (cb) { cb(); }); self.post({ kind: 'ready' }); }
    } else if (msg.kind === 'send') {
      var handler = self.handlers[msg.name];
      if (!handler) { (self.queue[msg.name] = self.queue[msg.name] || []).push(msg); return; }
      self.post({ kind: 'reply', id: msg.id, result: [handler(msg.data)] });
    } else if (msg.kind === 'reply') {
      var cb = self.replies[msg.id]; delete self.replies[msg.id];
      if (cb) cb(msg.result);
    }
  };
  Channel.prototype.register = function (name, handler) {
    var self = this; self.handlers[name] = handler;
    (self.queue[name] || []).splice(0).forEach(function (msg) { self.receive(msg); });
  };
  Channel.prototype.unregister = function (name) { delete this.handlers[name]; };
  Channel.prototype.send = function (name, data, cb) {
    var id = String(nextId++); if (cb) this.replies[id] = cb;
    this.post({ kind: 'send', name: name, data: data, id: id });
  };
  Channel.prototype.ping = function (cb) {
    var self = this;
    return new Promise(function (resolve) {
      var done = function () { if (cb) cb(); resolve(); };
      if (self.ready) done(); else self.readyCallbacks.push(done);
    });
  };
  Channel.prototype.restyle = function () { return Promise.resolve(); };

  var channels = [];
  window.addEventListener('message', function (event) {
    var msg = event.data;
    if (!msg || typeof msg !== 'object' || msg[TAG] !== true) return;
    for (var i = 0; i < channels.length; i++) {
      if (channels[i].peer() === event.source) { channels[i].receive(msg); return; }
    }
  });

  var parentChannel = null;
  var context = {
    open: function (options, onOpen) {
      var el = document.createElement('iframe');
      var attributes = options.attributes || {};
      Object.keys(attributes).forEach(function (name) {
        var value = attributes[name];
        if (name === 'style' && value && typeof value === 'object') Object.keys(value).forEach(function (k) { el.style[k] = value[k]; });
        else el.setAttribute(name, String(value));
      });
      el.src = options.url;
      var channel = new Channel(function () { return el.contentWindow; });
      channels.push(channel);
      (options.where || document.body).appendChild(el);
      return Promise.resolve(onOpen ? onOpen(channel) : channel);
    },
    getParentIframe: function () {
      if (!parentChannel) {
        parentChannel = new Channel(function () { return window.parent; });
        channels.push(parentChannel);
        parentChannel.post({ kind: 'ready' });
      }
      return parentChannel;
    }
  };
  window.gapi = {
    load: function (_name, options) { setTimeout(function () { (typeof options === 'function' ? options : options.callback)(); }, 0); },
    iframes: { Iframe: Channel, CROSS_ORIGIN_IFRAMES_FILTER: function () { return true; }, getContext: function () { return context; } }
  };
  if (typeof window.gapi_onload === 'function') setTimeout(window.gapi_onload, 0);
})();
`;
