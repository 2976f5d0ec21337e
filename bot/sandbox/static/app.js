// The sandbox page: long-polls /api/state, shows what the chosen user sees, and sends their
// slash commands, clicks, selections and messages. Messages arrive rendered (bot/sandbox/render.py).
"use strict";

const $ = (selector) => document.querySelector(selector);
const state = {
  me: new URLSearchParams(location.search).get("user") || localStorage.getItem("sandbox.user") || "",
  channel: "",
  version: null,
  data: null,
  html: new Map(), // message id -> drawKey of the html shown
  seen: JSON.parse(localStorage.getItem("sandbox.seen") || "{}"), // user -> channel -> last id
  dismissed: new Set(JSON.parse(localStorage.getItem("sandbox.dismissed") || "[]")),
  command: null, // the command being filled in
  generation: 0,
  controller: null,
};

// ------------------------------------------------------------------ helpers

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

function newer(a, b) { // snowflakes as strings
  if (a.length !== b.length) return a.length > b.length;
  return a > b;
}

function toast(text) {
  const box = $("#toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { box.hidden = true; }, 6000);
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    // Without this header the sandbox refuses the request (other sites' pages cannot send it).
    headers: { "Content-Type": "application/json", "X-Sandbox-Request": "1" },
    body: JSON.stringify({ user: state.me, ...body }),
  });
  let answer = {};
  try { answer = await response.json(); } catch (e) { answer = { ok: false, error: response.statusText }; }
  if (!response.ok || !answer.ok) throw new Error(answer.error || "request failed");
  return answer;
}

function locale() {
  const me = state.data && state.data.users.find((u) => u.id === state.me);
  return me ? me.locale : "en-US";
}

// ------------------------------------------------------------------ timestamps

const UNITS = [["year", 31536000], ["month", 2592000], ["day", 86400], ["hour", 3600], ["minute", 60], ["second", 1]];

function formatTime(el) {
  const t = Number(el.dataset.t) * 1000;
  const when = new Date(t);
  const loc = locale();
  const style = el.dataset.style;
  let text;
  if (style === "R") {
    const delta = (t - Date.now()) / 1000;
    const rtf = new Intl.RelativeTimeFormat(loc, { numeric: "auto" });
    const [unit, size] = UNITS.find(([, s]) => Math.abs(delta) >= s) || ["second", 1];
    text = rtf.format(Math.trunc(delta / size), unit);
  } else if (style === "clock") {
    const today = new Date().toDateString() === when.toDateString();
    const clock = when.toLocaleTimeString(loc, { hour: "2-digit", minute: "2-digit" });
    text = today ? clock : `${when.toLocaleDateString(loc)} ${clock}`;
  } else {
    const options = {
      t: { hour: "2-digit", minute: "2-digit" },
      T: { hour: "2-digit", minute: "2-digit", second: "2-digit" },
      d: { dateStyle: "short" },
      D: { dateStyle: "long" },
      f: { dateStyle: "long", timeStyle: "short" },
      F: { dateStyle: "full", timeStyle: "short" },
    }[style] || { dateStyle: "long", timeStyle: "short" };
    text = when.toLocaleString(loc, options);
  }
  if (el.textContent !== text) el.textContent = text;
  el.title = when.toLocaleString(loc, { dateStyle: "full", timeStyle: "medium" });
}

function formatTimes(root) { root.querySelectorAll("time.ts").forEach(formatTime); }
setInterval(() => document.querySelectorAll('time.ts[data-style="R"]').forEach(formatTime), 1000);

// ------------------------------------------------------------------ polling

async function poll() {
  for (;;) {
    const generation = state.generation;
    state.controller = new AbortController();
    const query = new URLSearchParams({ user: state.me, channel: state.channel });
    if (state.version !== null) query.set("since", state.version);
    try {
      const response = await fetch(`/api/state?${query}`, { signal: state.controller.signal });
      if (!response.ok) {
        if (response.status === 400 && state.me) { // that user is gone: pick another
          state.me = "";
          state.version = null;
          continue;
        }
        throw new Error(response.statusText);
      }
      const data = await response.json();
      if (generation !== state.generation) continue;
      apply(data);
    } catch (error) {
      if (error.name === "AbortError") continue;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

function refresh() { // now, not at the next change
  state.generation += 1;
  state.version = null;
  if (state.controller) state.controller.abort();
}

function switchTo({ user, channel }) {
  if (user !== undefined && user !== state.me) {
    state.me = user;
    localStorage.setItem("sandbox.user", user);
    state.channel = "";
    closeCommand();
  }
  if (channel !== undefined) state.channel = channel;
  state.html.clear();
  $("#messages").replaceChildren();
  refresh();
}

// ------------------------------------------------------------------ rendering

function apply(data) {
  const switched = !state.data || state.data.me !== data.me || state.data.channel.id !== data.channel.id;
  if (state.me !== data.me) { // a name from the address, or the default user
    state.me = data.me;
    localStorage.setItem("sandbox.user", data.me);
  }
  state.data = data;
  state.version = data.version;
  state.channel = data.channel.id;
  renderSidebar(data);
  renderHeader(data);
  renderMessages(data, switched);
  markSeen(data);
  if (!state.command) renderCommandMenu();
}

function seenOf(user) { return state.seen[user] || (state.seen[user] = {}); }

function markSeen(data) {
  const last = data.messages.length ? data.messages[data.messages.length - 1].id : "0";
  const seen = seenOf(data.me);
  if (!seen[data.channel.id] || newer(last, seen[data.channel.id])) {
    seen[data.channel.id] = last;
    localStorage.setItem("sandbox.seen", JSON.stringify(state.seen));
    renderSidebar(data);
  }
}

function renderSidebar(data) {
  $("#guild-name").textContent = data.guild;
  const seen = seenOf(data.me);
  const rows = [];
  let section = null;
  for (const channel of data.channels) {
    const title = channel.kind === "dm" ? "Direct messages" : "Text channels";
    if (title !== section) {
      rows.push(`<div class="section-title">${title}</div>`);
      section = title;
    }
    const classes = ["channel", channel.kind];
    if (channel.id === data.channel.id) classes.push("active");
    else if (channel.count && newer(channel.last, seen[channel.id] || "0")) classes.push("unread");
    if (channel.archived) classes.push("archived");
    const icon = { text: "#", thread: "🧵", dm: "@" }[channel.kind];
    rows.push(
      `<div class="${classes.join(" ")}" data-channel="${channel.id}" title="${escapeHtml(channel.name)}">` +
      `<span class="hash">${icon}</span><span class="name">${escapeHtml(channel.name)}</span></div>`,
    );
  }
  const channels = rows.join("");
  if ($("#channels").innerHTML !== channels) $("#channels").innerHTML = channels;

  const users = data.users.map((user) => {
    const active = user.id === data.me ? " active" : "";
    return `<button type="button" class="user-switch${active}" data-user="${user.id}">` +
      `<span class="avatar tiny" style="background:${user.colour}"></span>` +
      `<span class="user-name">${escapeHtml(user.name)}</span><span class="locale">${escapeHtml(user.locale)}</span></button>`;
  }).join("");
  if ($("#user-list").innerHTML !== users) $("#user-list").innerHTML = users;
  const me = data.users.find((u) => u.id === data.me);
  if (me) {
    $("#me-avatar").style.background = me.colour;
    $("#me-avatar").textContent = me.name.slice(0, 1).toUpperCase();
    $("#me-name").textContent = me.name;
    $("#me-locale").textContent = `locale ${me.locale}`;
    document.documentElement.lang = me.locale;
  }
}

function renderHeader(data) {
  const channel = data.channel;
  $("#channel-icon").textContent = { text: "#", thread: "🧵", dm: "@" }[channel.kind];
  $("#channel-name").textContent = channel.name;
  $("#input").placeholder = channel.kind === "dm" ? `Message @${channel.name}` : `Message ${channel.kind === "text" ? "#" : ""}${channel.name}  —  type / for commands`;
  const problems = $("#problems");
  problems.hidden = data.problem_count === 0;
  problems.textContent = `⚠ Discord would reject ${data.problem_count} request${data.problem_count === 1 ? "" : "s"}`;
  problems.dataset.detail = data.problems.join("\n\n");
}

// What decides whether a message is drawn again: its HTML without the text of timestamps,
// which the page keeps up to date itself (relative times change every second).
function drawKey(html) { return html.replace(/(<time [^>]*>)[^<]*(<\/time>)/g, "$1$2"); }

function renderMessages(data, switched) {
  const list = $("#messages");
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 80;
  const nodes = [];
  const keep = new Map();
  for (const node of list.querySelectorAll(":scope > .msg")) keep.set(node.dataset.id, node);
  for (const message of data.messages) {
    if (state.dismissed.has(message.id)) continue;
    let node = keep.get(message.id);
    const key = drawKey(message.html);
    const stale = !node || state.html.get(message.id) !== key;
    // A message whose menu the user is choosing in stays as it is until the menu closes.
    if (stale && !(node && node.classList.contains("has-open-menu"))) {
      const holder = document.createElement("div");
      holder.innerHTML = message.html;
      node = holder.firstElementChild;
      formatTimes(node);
      state.html.set(message.id, key);
    }
    nodes.push(node);
  }
  if (!nodes.length) {
    const empty = document.createElement("div");
    empty.className = "empty";
    empty.textContent = data.channel.kind === "dm" ? "No direct messages yet." : "No messages yet. Type / to run a command, e.g. /newgame.";
    nodes.push(empty);
  }
  const same = nodes.length === list.children.length && nodes.every((n, i) => list.children[i] === n);
  if (!same) list.replaceChildren(...nodes);
  if (switched || atBottom) list.scrollTop = list.scrollHeight;
}

// ------------------------------------------------------------------ controls on messages

function messageOf(el) { return el.closest(".msg").dataset.id; }

async function sendComponent(el, values) {
  const messageId = messageOf(el);
  el.classList.add("pending");
  const msg = el.closest(".msg");
  msg.querySelectorAll(".failed").forEach((f) => f.remove());
  try {
    await post("/api/component", { message: messageId, custom_id: el.dataset.customId, values });
  } catch (error) {
    const note = document.createElement("div");
    note.className = "failed";
    note.textContent = "This interaction failed";
    msg.querySelector(".msg-body").appendChild(note);
    toast(error.message);
  } finally {
    el.classList.remove("pending");
  }
}

function selectedValues(select) {
  return [...select.querySelectorAll(".option.selected")].map((o) => o.dataset.value);
}

function updateSelectBox(select) {
  const chosen = [...select.querySelectorAll(".option.selected .opt-label")].map((l) => l.textContent);
  const max = Number(select.dataset.max);
  select.querySelectorAll(".option").forEach((o) => {
    o.classList.toggle("blocked", max > 1 && chosen.length >= max && !o.classList.contains("selected"));
  });
  const value = select.querySelector(".select-value");
  if (chosen.length) value.textContent = chosen.join(", ");
}

function openSelect(select) {
  closeSelects(select);
  select.dataset.initial = JSON.stringify(selectedValues(select));
  const rect = select.getBoundingClientRect();
  select.classList.toggle("up", rect.bottom + 320 > window.innerHeight && rect.top > 320);
  select.classList.add("open");
  select.closest(".msg").classList.add("has-open-menu");
}

function closeSelect(select, send) {
  if (!select.classList.contains("open")) return;
  select.classList.remove("open");
  select.closest(".msg").classList.remove("has-open-menu");
  const values = selectedValues(select);
  const min = Number(select.dataset.min);
  const max = Number(select.dataset.max);
  const changed = JSON.stringify(values) !== select.dataset.initial;
  if (send && changed && values.length >= min && values.length <= max) sendComponent(select, values);
  else if (state.data) renderMessages(state.data, false); // updates held back while it was open
}

function closeSelects(except) {
  document.querySelectorAll(".select.open").forEach((s) => { if (s !== except) closeSelect(s, true); });
}

$("#messages").addEventListener("click", (event) => {
  const target = event.target;
  const button = target.closest("button.btn[data-custom-id]");
  if (button) {
    if (!button.disabled && !button.classList.contains("pending")) sendComponent(button);
    return;
  }
  const option = target.closest(".option");
  if (option) {
    const select = option.closest(".select");
    if (option.classList.contains("blocked")) return;
    if (select.classList.contains("multi")) {
      option.classList.toggle("selected");
      updateSelectBox(select);
    } else {
      select.querySelectorAll(".option.selected").forEach((o) => o.classList.remove("selected"));
      option.classList.add("selected");
      updateSelectBox(select);
      closeSelect(select, true);
    }
    return;
  }
  const box = target.closest(".select-box");
  if (box) {
    const select = box.closest(".select");
    if (select.classList.contains("disabled")) return;
    if (select.classList.contains("open")) closeSelect(select, true);
    else openSelect(select);
    return;
  }
  const chip = target.closest("[data-channel]");
  if (chip) {
    event.preventDefault();
    switchTo({ channel: chip.dataset.channel });
    return;
  }
  if (target.closest(".dismiss")) {
    event.preventDefault();
    const id = messageOf(target);
    state.dismissed.add(id);
    localStorage.setItem("sandbox.dismissed", JSON.stringify([...state.dismissed].slice(-500)));
    target.closest(".msg").remove();
    return;
  }
  const spoiler = target.closest(".spoiler");
  if (spoiler) spoiler.classList.add("shown");
});

document.addEventListener("click", (event) => {
  if (!event.target.closest(".select")) closeSelects(null);
});

$("#channels").addEventListener("click", (event) => {
  const row = event.target.closest("[data-channel]");
  if (row) switchTo({ channel: row.dataset.channel });
});

$("#user-list").addEventListener("click", (event) => {
  const row = event.target.closest("[data-user]");
  if (row) switchTo({ user: row.dataset.user });
});

$("#problems").addEventListener("click", () => toast($("#problems").dataset.detail));

// ------------------------------------------------------------------ the sidebar on a phone

const narrow = window.matchMedia("(max-width: 600px)"); // as in style.css

function setSidebar(open) {
  document.body.classList.toggle("sidebar-open", open);
  $("#sidebar-toggle").setAttribute("aria-expanded", String(open));
  $("#sidebar-backdrop").hidden = !open;
  $("#sidebar").inert = narrow.matches && !open; // folded away: out of reach of Tab and clicks
}

narrow.addEventListener("change", () => setSidebar(false));
setSidebar(false);

$("#sidebar-toggle").addEventListener("click", () => setSidebar(!document.body.classList.contains("sidebar-open")));
$("#sidebar-backdrop").addEventListener("click", () => setSidebar(false));
// Choosing a channel or a user is what the folded sidebar was opened for: it folds again.
$("#sidebar").addEventListener("click", (event) => {
  if (event.target.closest("[data-channel], [data-user]")) setSidebar(false);
});
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && document.body.classList.contains("sidebar-open")) setSidebar(false);
});

// ------------------------------------------------------------------ command bar

function commands() { return (state.data && state.data.commands) || []; }

function matchingCommands() {
  const text = $("#input").value.slice(1).toLowerCase().trim();
  return commands().filter((c) => c.name.toLowerCase().startsWith(text) || c.label.toLowerCase().startsWith(text));
}

function renderCommandMenu() {
  const input = $("#input");
  const menu = $("#command-menu");
  if (!input.value.startsWith("/") || document.activeElement !== input) {
    menu.hidden = true;
    return;
  }
  const found = matchingCommands();
  const active = Math.min(Number(menu.dataset.active || 0), Math.max(found.length - 1, 0));
  menu.dataset.active = active;
  menu.innerHTML = `<div class="menu-title">Commands</div>` + (found.length ? found.map((c, i) =>
    `<div class="command-item${i === active ? " active" : ""}" data-command="${escapeHtml(c.name)}">` +
    `<span class="cmd">/${escapeHtml(c.label)}</span><span class="desc">${escapeHtml(c.description)}</span>` +
    `<span class="app">${escapeHtml(state.data.bot)}</span></div>`).join("")
    : `<div class="command-item"><span class="desc">No command matches.</span></div>`);
  menu.hidden = false;
}

function chooseCommand(name) {
  const command = commands().find((c) => c.name === name);
  if (!command) return;
  state.command = command;
  $("#command-menu").hidden = true;
  const form = $("#command-form");
  const fields = command.options.map((option) => {
    const required = option.required ? " required" : "";
    const label = `<span title="${escapeHtml(option.description)}">${escapeHtml(option.label)}</span>`;
    let control;
    if (option.choices.length) {
      const empty = option.required ? "" : `<option value="">—</option>`;
      control = `<select data-option="${escapeHtml(option.name)}">${empty}` +
        option.choices.map((c, i) => `<option value="${i}">${escapeHtml(c.label)}</option>`).join("") + "</select>";
    } else if (option.type === "boolean") {
      control = `<select data-option="${escapeHtml(option.name)}">${option.required ? "" : '<option value="">—</option>'}` +
        `<option value="true">True</option><option value="false">False</option></select>`;
    } else if (option.type === "user") {
      control = `<select data-option="${escapeHtml(option.name)}">${option.required ? "" : '<option value="">—</option>'}` +
        state.data.users.map((u) => `<option value="${u.id}">${escapeHtml(u.name)}</option>`).join("") + "</select>";
    } else if (option.type === "channel") {
      control = `<select data-option="${escapeHtml(option.name)}">${option.required ? "" : '<option value="">—</option>'}` +
        state.data.channels.filter((c) => c.kind !== "dm").map((c) => `<option value="${c.id}">#${escapeHtml(c.name)}</option>`).join("") + "</select>";
    } else if (option.type === "integer" || option.type === "number") {
      const step = option.type === "integer" ? "1" : "any";
      const min = option.min !== null && option.min !== undefined ? ` min="${option.min}"` : "";
      const max = option.max !== null && option.max !== undefined ? ` max="${option.max}"` : "";
      control = `<input type="number" step="${step}"${min}${max} data-option="${escapeHtml(option.name)}">`;
    } else {
      control = `<input type="text" data-option="${escapeHtml(option.name)}">`;
    }
    return `<label class="opt-field${required}">${label}${control}</label>`;
  }).join("");
  form.innerHTML = `<span class="command-chip">/${escapeHtml(command.label)}</span>${fields}` +
    `<button type="submit" id="command-send">Send</button><button type="button" id="command-cancel">Cancel</button>` +
    `<div id="command-hint">${escapeHtml(command.description)}</div>`;
  form.hidden = false;
  $("#input-row").hidden = true;
  const first = form.querySelector("[data-option]");
  (first || $("#command-send")).focus();
}

function closeCommand() {
  state.command = null;
  $("#command-form").hidden = true;
  $("#command-form").innerHTML = "";
  $("#input-row").hidden = false;
  $("#input").value = "";
  $("#command-menu").hidden = true;
}

function commandOptions() {
  const options = {};
  for (const option of state.command.options) {
    const el = $("#command-form").querySelector(`[data-option="${CSS.escape(option.name)}"]`);
    if (!el || el.value === "") {
      if (option.required) throw new Error(`${option.label} is required`);
      continue;
    }
    if (option.choices.length) options[option.name] = option.choices[Number(el.value)].value;
    else if (option.type === "boolean") options[option.name] = el.value === "true";
    else if (option.type === "integer") options[option.name] = parseInt(el.value, 10);
    else if (option.type === "number") options[option.name] = Number(el.value);
    else options[option.name] = el.value;
  }
  return options;
}

$("#command-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!state.command) return;
  let options;
  try { options = commandOptions(); } catch (error) { toast(error.message); return; }
  const send = $("#command-send");
  send.disabled = true;
  try {
    await post("/api/command", { channel: state.channel, command: state.command.name, options });
    closeCommand();
    $("#input").focus();
  } catch (error) {
    toast(error.message);
  } finally {
    send.disabled = false;
  }
});

$("#command-form").addEventListener("click", (event) => {
  if (event.target.id === "command-cancel") { closeCommand(); $("#input").focus(); }
});
$("#command-form").addEventListener("keydown", (event) => {
  if (event.key === "Escape") { closeCommand(); $("#input").focus(); }
});

$("#input").addEventListener("input", () => { $("#command-menu").dataset.active = 0; renderCommandMenu(); });
$("#input").addEventListener("focus", renderCommandMenu);
$("#input").addEventListener("blur", () => setTimeout(() => { if (document.activeElement !== $("#input")) $("#command-menu").hidden = true; }, 150));
$("#command-menu").addEventListener("mousedown", (event) => {
  const item = event.target.closest("[data-command]");
  if (item) { event.preventDefault(); chooseCommand(item.dataset.command); }
});

$("#input").addEventListener("keydown", async (event) => {
  const input = $("#input");
  const menu = $("#command-menu");
  if (input.value.startsWith("/") && !menu.hidden) {
    const found = matchingCommands();
    const active = Number(menu.dataset.active || 0);
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      menu.dataset.active = (active + (event.key === "ArrowDown" ? 1 : found.length - 1)) % Math.max(found.length, 1);
      renderCommandMenu();
      return;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      if (found[active]) chooseCommand(found[active].name);
      return;
    }
    if (event.key === "Escape") { input.value = ""; menu.hidden = true; return; }
  }
  if (event.key === "Enter" && input.value.trim() && !input.value.startsWith("/")) {
    event.preventDefault();
    const content = input.value;
    input.value = "";
    try { await post("/api/message", { channel: state.channel, content }); } catch (error) { toast(error.message); }
  }
});

poll();
