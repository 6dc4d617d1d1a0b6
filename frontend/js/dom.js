// @ts-check
/**
 * Finding the page's elements, defined once for every page module (sixteen of them used to
 * define their own `$`). `$` is `document.getElementById`. `$as` also names the kind of
 * element the page's HTML makes it (an input, a button, a link…), so the type checker knows
 * its `value`, `disabled` or `href`; an element whose kind changed in the HTML fails here,
 * loudly, instead of reading `undefined` further on.
 */

/**
 * @param {string} id
 * @returns {HTMLElement}
 */
export const $ = (id) => document.getElementById(id);

/**
 * @template {Element} T
 * @param {string} id
 * @param {new (...args: any[]) => T} kind the element's class, e.g. `HTMLInputElement`
 * @returns {T} the element (null when the page has none, as `$`)
 */
export function $as(id, kind) {
  const element = document.getElementById(id);
  if (element !== null && !(element instanceof kind)) {
    throw new TypeError(`#${id} is a <${element.tagName.toLowerCase()}>, not a ${kind.name}`);
  }
  return /** @type {T} */ (/** @type {unknown} */ (element));
}

/**
 * The element an event happened on, as the kind of element it is.
 * @template {Element} T
 * @param {Event} event
 * @param {new (...args: any[]) => T} kind
 * @returns {T}
 */
export function targetAs(event, kind) {
  const target = event.target;
  if (!(target instanceof kind)) {
    throw new TypeError(`the ${event.type} event came from a ${target}, not a ${kind.name}`);
  }
  return target;
}

/**
 * The element an event happened on (a click, a key), for `closest()` and `dataset`.
 * @param {Event} event
 * @returns {HTMLElement}
 */
export const eventElement = (event) => /** @type {HTMLElement} */ (event.target);

/**
 * Brings `element` up when it starts below the screen (a phone held upright, where the panel
 * stands under the board): the end of a game must be seen without searching for it. Nothing
 * moves when any of it is already in view.
 * @param {Element} element
 */
export function revealBelowFold(element) {
  if (element.getBoundingClientRect().top < window.innerHeight - 48) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  element.scrollIntoView({ block: "nearest", behavior: still ? "instant" : "smooth" });
}
