// The words the page's scripts show, in the reader's language. The server writes them into
// a data-words attribute: JSON of key → text, with %(name)s where a value goes, or, for a
// sentence with a count, {"one": …, "other": …}. `scorekeeperWords(element)` gives
// `say(key, values)`: the form for values.count by the page's language, numbers written as
// the page's region writes them.
window.scorekeeperWords = (element) => {
  "use strict";
  let words = {};
  try {
    words = JSON.parse(element.dataset.words || "{}");
  } catch {
    words = {};
  }
  const lang = document.documentElement.lang || "en";
  const plurals = window.Intl && Intl.PluralRules ? new Intl.PluralRules(lang) : null;
  const written = (value) => (typeof value === "number" ? value.toLocaleString(lang) : String(value));
  return (key, values = {}) => {
    let text = words[key] ?? key;
    if (typeof text === "object") {
      const form = plurals && "count" in values ? plurals.select(values.count) : "other";
      text = text[form] ?? text.other;
    }
    return text.replace(/%\((\w+)\)s/g, (whole, name) => (name in values ? written(values[name]) : whole));
  };
};
