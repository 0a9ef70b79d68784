/**
 * A text as a DOM node for Leaflet tooltips and popups, which take a string as HTML: names and
 * addresses come from the organisations' data and must never be read as markup.
 */
export function plainText(text: string): HTMLElement {
    const element = document.createElement('span');
    element.textContent = text;
    return element;
}

/** A text with HTML's special characters escaped, for Leaflet's attribution (which takes HTML). */
export const escapeHtml = (text: string): string =>
    text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
