// A domino face drawn from the page's pip symbols (the same markup as the domino() macro in
// _partials.html), for the tiles only script shows: the tile picker's, the ends pad's doubles.
window.scorekeeperFace = (tile, label) => {
  "use strict";
  const SVG = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "domino");
  svg.setAttribute("viewBox", "0 0 80 40");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label || tile);
  // The tile's body, its first half, its second half moved right.
  ["tile", ...tile.split("-").map((half) => "pips-" + half)].forEach((symbol, i) => {
    const use = document.createElementNS(SVG, "use");
    use.setAttribute("href", "#" + symbol);
    if (i === 2) use.setAttribute("x", "40");
    svg.append(use);
  });
  return svg;
};
