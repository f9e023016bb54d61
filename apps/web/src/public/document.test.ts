import { describe, expect, it } from "vitest";
import { instagramUrl } from "../features/public-site/site";
import { dataScript, fillTemplate, headTags, PAGE_DATA_ID } from "./document";

describe("the public pages' documents (decision 0026)", () => {
  it("writes the head on the origin, escaped", () => {
    const head = headTags(
      { path: "/termos-uso", title: 'A & "B"', description: "<x>" },
      "https://a.example/",
    );
    expect(head).toContain("<title>A &amp; &quot;B&quot;</title>");
    expect(head).toContain('<meta name="description" content="&lt;x&gt;" />');
    expect(head).toContain('<link rel="canonical" href="https://a.example/termos-uso" />');
    expect(head).toContain('<meta property="og:url" content="https://a.example/termos-uso" />');
    expect(head).toContain('<meta property="og:locale" content="pt_BR" />');
  });

  it("keeps the data JSON from closing its script, and reads back the same value", () => {
    const value = { name: "</script><script>alert(1)</script> & \u2028" };
    const script = dataScript(value);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    const json = script.slice(
      `<script type="application/json" id="${PAGE_DATA_ID}">`.length,
      -"</script>".length,
    );
    expect(JSON.parse(json)).toEqual(value);
  });

  it("fills the three markers, taking `$` literally, and refuses a template without one", () => {
    const html = fillTemplate("<head><!--head--></head><div><!--app--></div><!--data-->", {
      head: "<title>$&</title>",
      app: "<p>$1</p>",
      data: "",
    });
    expect(html).toBe("<head><title>$&</title></head><div><p>$1</p></div>");
    expect(() => fillTemplate("<!--head--><!--app-->", { head: "", app: "", data: "" })).toThrow(
      /<!--data-->/,
    );
  });
});

describe("the footer's Instagram link", () => {
  it("is an https address on instagram.com, or none", () => {
    expect(instagramUrl("https://www.instagram.com/atende")).toBe("https://www.instagram.com/atende");
    expect(instagramUrl(" https://instagram.com/atende ")).toBe("https://instagram.com/atende");
    expect(instagramUrl("http://instagram.com/atende")).toBeUndefined();
    expect(instagramUrl("https://instagram.com.evil.example/")).toBeUndefined();
    expect(instagramUrl("instagram.com/atende")).toBeUndefined();
    expect(instagramUrl("")).toBeUndefined();
    expect(instagramUrl(undefined)).toBeUndefined();
  });
});
