package dev.ioverdict.report;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentNameDictionary;
import org.apache.pdfbox.pdmodel.PDEmbeddedFilesNameTreeNode;
import org.apache.pdfbox.pdmodel.common.filespecification.PDComplexFileSpecification;
import org.apache.pdfbox.pdmodel.common.filespecification.PDEmbeddedFile;

/**
 * A file embedded in the PDF the way PDF/A-3 asks: listed in the EmbeddedFiles name tree and in
 * the catalogue's associated files (AF) with the relationship Data, and a MIME type, so that a
 * reader's attachment pane offers it and a program can take the data from the archived PDF.
 */
final class PdfAttachment {
    private PdfAttachment() {
    }

    static void attach(PDDocument doc, String name, String mimeType, String description, byte[] content) throws IOException {
        PDEmbeddedFile file = new PDEmbeddedFile(doc, new ByteArrayInputStream(content));
        file.setSubtype(mimeType);
        file.setSize(content.length);
        PDComplexFileSpecification spec = new PDComplexFileSpecification();
        spec.setFile(name);
        spec.setFileUnicode(name);
        spec.setFileDescription(description);
        spec.setEmbeddedFile(file);
        spec.setEmbeddedFileUnicode(file);
        spec.getCOSObject().setName(COSName.getPDFName("AFRelationship"), "Data");

        PDDocumentNameDictionary names = doc.getDocumentCatalog().getNames();
        if (names == null) {
            names = new PDDocumentNameDictionary(doc.getDocumentCatalog());
            doc.getDocumentCatalog().setNames(names);
        }
        PDEmbeddedFilesNameTreeNode tree = new PDEmbeddedFilesNameTreeNode();
        tree.setNames(Map.of(name, spec));
        names.setEmbeddedFiles(tree);

        COSArray af = new COSArray();
        af.add(spec);
        doc.getDocumentCatalog().getCOSObject().setItem(COSName.getPDFName("AF"), af);
    }

    /** The names of the files embedded in a PDF (for tests and for ioverdict reading its own PDFs). */
    static List<String> names(PDDocument doc) throws IOException {
        List<String> out = new ArrayList<>();
        PDDocumentNameDictionary names = doc.getDocumentCatalog().getNames();
        if (names != null && names.getEmbeddedFiles() != null && names.getEmbeddedFiles().getNames() != null) {
            out.addAll(names.getEmbeddedFiles().getNames().keySet());
        }
        return out;
    }
}
