/* The entry page's building blocks: elements, steppers, segmented toggles and folds. A control
   carries a stable key (data-key, the same text as its test id) by which the page finds it
   again after redrawing a side, so the keyboard focus stays where it was. */

export function el(tag, attrs = {}, children = []) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "text") { node.textContent = v; }
    else if (k === "key") { node.setAttribute("data-key", v); node.setAttribute("data-testid", v); }
    else if (k.startsWith("on")) { node.addEventListener(k.slice(2), v); }
    else { node.setAttribute(k, v); }
  }
  node.append(...children.filter(Boolean));
  return node;
}

// A whole number with a − and a + button (`step` at a time, never below 0).
export function stepper(L, label, value, step, onChange, key) {
  const input = el("input", { type: "number", inputmode: "numeric", min: "0", step: String(step), value: String(value), key, id: key, "aria-label": label });
  const set = (v) => { v = Math.max(0, v); input.value = String(v); onChange(v); };
  const now = () => parseInt(input.value, 10) || 0;
  input.addEventListener("input", () => { const v = parseInt(input.value, 10); onChange(isNaN(v) ? 0 : Math.max(0, v)); });
  return el("div", { class: "stepper" }, [
    el("label", { class: "stepper-label", for: key, text: label }),
    el("button", { type: "button", class: "step", "aria-label": L.fewer.replace("%(what)s", label), text: "−", key: key + "-minus", onclick: () => set(now() - step) }),
    input,
    el("button", { type: "button", class: "step", "aria-label": L.more.replace("%(what)s", label), text: "+", key: key + "-plus", onclick: () => set(now() + step) }),
  ]);
}

// One of a few options (`options`: [value, label] pairs), the current one pressed.
export function toggle(options, current, onPick, key) {
  return el("div", { class: "segmented", role: "group" }, options.map(([value, label]) => el("button", {
    type: "button", class: value === current ? "on" : "", "aria-pressed": String(value === current),
    key: key + "-" + value, text: label, onclick: () => onPick(value),
  })));
}

export function checkbox(checked, onChange, key) {
  const box = el("input", { type: "checkbox", key, onchange: (e) => onChange(e.target.checked) });
  box.checked = !!checked;
  return box;
}

// A part of the entry few hands need, folded until it is used (or opened): the page stays short.
// `open` keeps what the player opened across redraws.
export function fold(open, name, title, parts, used, key) {
  const node = el("details", { class: "fold", key }, [el("summary", { text: title }), ...parts]);
  node.open = used || !!open[name];
  node.addEventListener("toggle", () => { open[name] = node.open; });
  return node;
}

// The focused control's key, and focusing a control by its key once redrawn.
export function focusedKey(root) {
  const active = document.activeElement;
  return active && root.contains(active) ? active.getAttribute("data-key") : null;
}

export function focusKey(root, key) {
  const node = key && root.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (node) { node.focus(); }
}
