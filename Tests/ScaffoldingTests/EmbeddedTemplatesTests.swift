import Foundation
import Scaffolding
import Testing

/// `Templates/` is the single source of the templates; the binary carries a generated copy.
@Suite struct EmbeddedTemplatesTests {
  @Test func everyTemplateFileIsEmbedded() throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: PackageRoot.url.appendingPathComponent("Templates").path
    )
    .filter { $0.hasSuffix(".swift.template") }
    .sorted()
    #expect(EmbeddedTemplates.all.map(\.name) == files, "run scripts/embed-templates")
  }

  @Test(arguments: EmbeddedTemplates.all.map(\.name))
  func embeddedTextEqualsTheFileInTemplates(_ name: String) throws {
    let template = try #require(EmbeddedTemplates.all.first { $0.name == name })
    let file = try PackageRoot.read("Templates/\(name)")
    #expect(template.text == file, "Templates/\(name) changed: run scripts/embed-templates")
  }

  @Test func readmeDocumentsEveryPlaceholder() throws {
    let readme = try PackageRoot.read("Templates/README.md")
    let placeholders = Set(EmbeddedTemplates.all.flatMap(\.placeholders))
    for placeholder in placeholders.sorted() {
      #expect(readme.contains("`{{\(placeholder)}}`"), "Templates/README.md does not document {{\(placeholder)}}")
    }
  }
}
