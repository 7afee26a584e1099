// examples/web/app.js — the page: you against arbiter.agents.simple. The game is
// examples/web/session.lua (examples/love's duel) in the WebAssembly module; the board is drawn
// from the state's `view`, g:view(you): Simple's hand comes as {hidden = true, id} cards and is
// drawn face down, its library as a count. A click on a highlighted card or player, or on a
// button, is your answer to the question on screen (the host driver). ?seed=N picks the game.
(async function main() {
  const seed = Number(new URLSearchParams(location.search).get('seed')) || 1;
  const arbiter = new Arbiter();
  await arbiter.ready;
  arbiter.run('S = require("session")(require("arbiter"))');
  const $ = (id) => document.getElementById(id);
  let state;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function click(kind, arg) {
    state = JSON.parse(arbiter.run(`return S.click(${JSON.stringify(kind)}, ${JSON.stringify(String(arg))})`));
    draw();
  }

  function cardEl(c) {
    if (c.hidden) {
      const e = el('div', 'card hidden');
      e.dataset.card = c.id;
      return e;
    }
    const e = el('div', 'card');
    e.dataset.card = c.id;
    for (const col of c.colors) e.classList.add(col);
    if (c.types.includes('Land')) e.classList.add('land');
    if (c.tapped) e.classList.add('tapped');
    if (state.cards.includes(c.id)) {
      e.classList.add('clickable');
      e.addEventListener('click', () => click('card', c.id));
    }
    if (state.selected.includes(c.id)) e.classList.add('selected');
    if (state.picked === c.id || state.blocks.some((b) => b[0] === c.id)) e.classList.add('picked');
    e.appendChild(el('div', 'name', c.name));
    if (c.abilities.length) e.appendChild(el('div', 'abilities', c.abilities.join(', ')));
    if (c.attacking) e.appendChild(el('div', 'combat', 'attacking'));
    if (c.power !== undefined) e.appendChild(el('div', 'pt', `${c.power}/${c.toughness}`));
    return e;
  }

  function row(title, cards, id) {
    const r = el('div', 'row');
    r.id = id;
    r.appendChild(el('h3', '', title));
    for (const c of cards) r.appendChild(cardEl(c));
    return r;
  }

  function playerEl(p) {
    const e = el('div', 'player', `${p.name} — life ${p.life} · library ${p.library.count} · hand ${p.hand.length}`
      + ` · graveyard ${p.graveyard.length}`);
    e.dataset.player = p.index;
    e.id = `player-${p.index}`;
    if (state.players.includes(p.index)) {
      e.classList.add('clickable');
      e.addEventListener('click', () => click('player', p.index));
    }
    return e;
  }

  function draw() {
    const v = state.view;
    const me = v.players[v.you - 1];
    const them = v.players[2 - v.you];
    const board = $('board');
    board.replaceChildren(
      playerEl(them),
      row(`${them.name}'s hand (face down)`, them.hand, 'their-hand'),
      row(`${them.name}'s permanents`, v.battlefield.filter((c) => c.controller === them.index), 'their-field'),
      row('the stack', v.stack.map((o) => o.card), 'stack'),
      row('your permanents', v.battlefield.filter((c) => c.controller === me.index), 'your-field'),
      row('your hand', me.hand, 'your-hand'),
      playerEl(me));
    $('status').textContent = `turn ${v.turn} · ${v.step || ''} · seed ${seed}`;
    $('prompt').textContent = state.over ? '' : state.prompt;
    $('prompt').dataset.kind = state.kind;
    $('message').textContent = state.message;
    const buttons = $('buttons');
    buttons.replaceChildren();
    if (state.over) buttons.appendChild(el('div', 'banner', state.banner));
    for (const label of state.buttons) {
      const b = el('button', '', label);
      b.addEventListener('click', () => click('button', label));
      buttons.appendChild(b);
    }
    $('log').replaceChildren(...state.log.map((line) => el('li', '', line)));
    document.body.dataset.over = state.over ? 'yes' : 'no';
  }

  state = JSON.parse(arbiter.run(`return S.new(${seed})`));
  draw();
  globalThis.arbiterPage = { arbiter, state: () => state, seed };
}());
