// examples/web/arbiter.js — arbiter in a web page: `new Arbiter()` over the WebAssembly module
// `make web` builds (build/web/arbiter-wasm.js: Lua 5.4, the C core and Lua's files, in one
// module; load that script first). One Lua state per Arbiter.
//   const a = new Arbiter(); await a.ready;
//   a.run('g = require("arbiter").new_game{ players = { "Ann", "Bob" }, seed = 1 }');
//   const v = a.view('g', 1);          // g:view(g.players[1]) as a JS object (JSON)
//   a.json('return { life = g.players[2].life }');   // any Lua value g:view's kind, as JSON
// run(code) returns the chunk's first result as a string and throws the Lua error as an Error.
class Arbiter {
  constructor(options = {}) {
    this.ready = globalThis.ArbiterModule(options).then((m) => {
      this.module = m;
      this.evaluate = m.cwrap('arbiter_web_eval', 'string', ['string']);
      if (!m.cwrap('arbiter_web_init', 'number', [])()) throw new Error('arbiter: Lua did not start');
      this.run('json = require("json")');
      return this;
    });
  }

  run(code) {
    const r = this.evaluate(code);
    if (r.charCodeAt(0) === 1) throw new Error(r.slice(1));
    return r;
  }

  json(code) {
    return JSON.parse(this.run(code.replace(/^return /, 'return json(') + ')'));
  }

  view(game, p) {
    return this.json(`return ${game}:view(${game}.players[${Number(p)}])`);
  }
}
globalThis.Arbiter = Arbiter;
